import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot, saveViewportScreenshot } from '../support/browser-page.ts';
import { startBrowserStack, stopBrowserStack } from '../support/browser-stack.ts';
import { FIVE_COMPARED_MODELS } from '../support/compared-models.ts';
import { askComparison, comparisonColumn } from '../support/comparison-page.ts';
import type { TestStack } from '../support/test-stack.ts';

/**
 * The comparison workspace with five models, on a real stack in Chromium at 390 and 1440 px: tabs chosen by
 * themselves beyond three answers (each with its status and cost) and Columns chosen instead and remembered, a
 * column hidden while it streams and shown again finished, the focus view moved with ← / → and closed with Escape,
 * headers that stay in view over a long answer, and a regenerated answer's versions, live and after a reload.
 */

const MODELS = FIVE_COMPARED_MODELS;
const [GPT, HAIKU, GEMINI] = [MODELS[0].model, MODELS[1].model, MODELS[2].model];
// Long enough to scroll a page past its header, slow enough to be followed while it streams; Gemini slowest of all,
// so it is still streaming when it is hidden.
const LONG_AND_SLOW = [
  '[[simulate chunks=1200]]',
  ...['gpt', 'claude', 'deepseek', 'llama'].map((model) => `[[simulate for=${model} chunk-ms=8]]`),
  '[[simulate for=gemini chunk-ms=15]]',
].join(' ');

let browser: Browser;
let stack: TestStack;

beforeAll(async () => {
  ({ browser, stack } = await startBrowserStack());
});
afterAll(() => stopBrowserStack(browser, stack));

const column = comparisonColumn;
const tab = (page: Page, model: string): Locator => page.locator(`[data-testid="column-tab"][data-model="${model}"]`);
const shownColumns = (page: Page) => page.getByTestId('comparison-column').filter({ visible: true });

const compare = (page: Page, question: string) => askComparison(page, MODELS.map(({ label }) => label), question);

/** Whether the element with the keyboard focus is inside `locator` and carries `testId`. */
const focusedIn = (locator: Locator, testId: string) =>
  locator.evaluate((element, id) => element.contains(document.activeElement) && document.activeElement?.getAttribute('data-testid') === id, testId);

/** Checked by axe and pictured in both schemes: the whole page, or (for a dialog or a scrolled page) what is on screen. */
async function pictured(page: Page, name: string, what: 'page' | 'screen' = 'page'): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousAccessibilityViolations(page), `${name} ${colorScheme}`).toEqual([]);
    await (what === 'page' ? saveScreenshot : saveViewportScreenshot)(page, `${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Opens a past request from the sidebar (a drawer on a phone) and continues it in the workspace. */
async function continueFromHistory(page: Page, question: string): Promise<void> {
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  if (await burger.isVisible()) await burger.click();
  const item = page.getByTestId('recent-request').filter({ has: page.getByTestId('request-query').getByText(question) }).first();
  await item.waitFor({ timeout: 15_000 });
  await item.click();
  const modal = page.getByTestId('request-details-modal');
  await modal.getByRole('dialog').waitFor();
  await modal.getByTestId('continue-button').click();
}

describe.each([PHONE_VIEWPORT, DESKTOP_VIEWPORT])('five models at $width px', (viewport) => {
  it('tabs, hide and show, focus, sticky headers, columns and versions', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport });
    const question = `Tell the long story of bridges at ${viewport.width} px`;
    await compare(page, `${question} ${LONG_AND_SLOW}`);

    // Five answers are more than sit side by side: tabs, chosen by themselves, one answer in view.
    const tabs = page.getByTestId('column-tabs');
    await tabs.waitFor();
    expect(await page.getByTestId('column-tab').count()).toBe(5);
    expect(await page.getByRole('radio', { name: 'Tabs' }).isChecked()).toBe(true);
    expect(await tab(page, GPT).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => tab(page, GPT).getByTestId('tab-status').textContent(), { timeout: 15_000 }).toBe('Streaming');
    // Nothing is charged while it is written.
    expect(await tab(page, GPT).getByTestId('tab-cost').textContent()).toContain('not charged yet');
    expect(await shownColumns(page).count()).toBe(1);

    // Focus: the answer at reading size, still arriving, ← / → to its neighbours, Escape back to the column.
    await column(page, GPT).getByTestId('column-focus').click();
    const focus = page.getByTestId('focus-answer');
    await focus.waitFor();
    expect(await focus.getAttribute('data-model')).toBe(GPT);
    const before = ((await focus.textContent()) ?? '').length;
    await expect.poll(async () => ((await focus.textContent()) ?? '').length).toBeGreaterThan(before);
    await pictured(page, 'comparison-workspace-focus', 'screen');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focus.getAttribute('data-model')).toBe(HAIKU);
    expect(await page.getByTestId('focus-position').textContent()).toBe('2 of 5');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focus.getAttribute('data-model')).toBe(GPT);
    expect(await page.getByTestId('focus-previous').isDisabled()).toBe(true);
    await page.getByTestId('focus-next').click();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focus.getAttribute('data-model')).toBe(GEMINI);
    expect(await page.getByTestId('focus-position').textContent()).toBe('3 of 5');
    await page.keyboard.press('Escape');
    await focus.waitFor({ state: 'detached' });
    // The column the view closed on is the tab shown, and its Focus button has the focus back.
    await expect.poll(() => tab(page, GEMINI).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => focusedIn(column(page, GEMINI), 'column-focus')).toBe(true);

    // Hidden while it streams: out of the tabs, the way back focused, and the answer goes on.
    expect(await column(page, GEMINI).getAttribute('data-state')).not.toBe('done');
    await column(page, GEMINI).getByTestId('column-hide').click();
    await expect.poll(() => page.getByTestId('column-tab').count()).toBe(4);
    expect(await column(page, GEMINI).count()).toBe(0);
    const hiddenButton = page.getByTestId('hidden-columns');
    expect(await hiddenButton.textContent()).toBe('1 hidden');
    await expect.poll(() => hiddenButton.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await tab(page, GPT).getAttribute('aria-selected')).toBe('true');

    await page.getByTestId('new-comparison').waitFor({ timeout: 60_000 });
    await hiddenButton.click();
    await page.getByTestId('show-column').getByText(MODELS[2].label).click();
    await expect.poll(() => page.getByTestId('column-tab').count()).toBe(5);
    expect(await hiddenButton.count()).toBe(0);
    // It went on while hidden and finished (a failure would say why).
    const gemini = column(page, GEMINI);
    const geminiState = await gemini.getAttribute('data-state');
    expect({ state: geminiState, error: geminiState === 'error' ? await gemini.getByTestId('column-error').textContent() : null }).toEqual({ state: 'done', error: null });
    for (const { model } of MODELS) {
      expect(await tab(page, model).getByTestId('tab-status').textContent()).toBe('Done');
      expect(await tab(page, model).getByTestId('tab-cost').textContent()).toMatch(/^\d+ credits$/);
    }

    // Alt+→ moves to the next tab and into its answer.
    await tab(page, GPT).click();
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => tab(page, HAIKU).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => focusedIn(column(page, HAIKU), 'column-scroll')).toBe(true);
    await tab(page, GPT).click();

    // A long answer scrolls under its header, which stays below the tab strip with the model, status and cost.
    const card = column(page, GPT);
    const header = card.getByTestId('column-header');
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.height).toBeGreaterThan(viewport.height);
    // The card's top 300 px above the screen.
    await page.evaluate((top) => window.scrollTo({ top: window.scrollY + top + 300, behavior: 'instant' }), cardBox.y);
    await expect.poll(async () => (await card.boundingBox())!.y).toBeLessThan(0);
    const strip = (await tabs.boundingBox())!;
    const stuck = (await header.boundingBox())!;
    expect(strip.y).toBeGreaterThanOrEqual(59);
    expect(strip.y).toBeLessThanOrEqual(61);
    expect(Math.abs(stuck.y - (strip.y + strip.height))).toBeLessThanOrEqual(2);
    expect(await header.getByTestId('column-model-name').textContent()).toBe('GPT-4o mini');
    expect(await header.getByTestId('column-status').textContent()).toBe('Done');
    expect(await header.getByTestId('column-credits').textContent()).toMatch(/^\d+ credits$/);
    await pictured(page, 'comparison-workspace-sticky', 'screen');

    await pictured(page, 'comparison-workspace-tabs');

    // Columns instead: every answer in view (three across on a desktop, a swipe row on a phone), and remembered.
    await page.getByTestId('layout-switch').getByText('Columns', { exact: true }).click();
    await tabs.waitFor({ state: 'detached' });
    expect(await shownColumns(page).count()).toBe(5);
    const rows = await Promise.all(MODELS.slice(0, 3).map(async ({ model }) => Math.round((await column(page, model).boundingBox())!.y)));
    expect(new Set(rows).size).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('quorum.comparisonLayout'))).toBe('"columns"');
    await pictured(page, 'comparison-workspace-columns');

    // Regenerate: version 2 of 2 at once, live; version 1 readable while it is written, in the focus view too.
    await column(page, GPT).scrollIntoViewIfNeeded();
    await column(page, GPT).getByTestId('column-regenerate').click();
    const label = column(page, GPT).getByTestId('version-label');
    await expect.poll(() => label.textContent()).toBe('Version 2 of 2');
    expect(await column(page, GPT).getByTestId('column-status').textContent()).not.toBe('Done');
    await column(page, GPT).getByTestId('version-previous').click();
    expect(await label.textContent()).toBe('Version 1 of 2');
    await column(page, GPT).getByTestId('column-earlier-version').waitFor();
    await column(page, GPT).getByTestId('column-focus').click();
    await focus.waitFor();
    expect(await page.getByTestId('focus-view').getByTestId('version-label').textContent()).toBe('Version 1 of 2');
    await page.keyboard.press('Escape');
    await focus.waitFor({ state: 'detached' });
    await expect.poll(() => column(page, GPT).getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
    expect(await label.textContent()).toBe('Version 1 of 2');
    await column(page, GPT).getByTestId('version-next').click();
    expect(await label.textContent()).toBe('Version 2 of 2');

    // After a reload, continued from the history: the layout chosen and both versions are still there.
    await page.reload();
    await page.getByTestId('startup-loader').waitFor({ state: 'detached', timeout: 15_000 });
    await continueFromHistory(page, question);
    await expect.poll(() => page.getByTestId('comparison-column').count(), { timeout: 15_000 }).toBe(5);
    expect(await page.getByTestId('column-tabs').count()).toBe(0);
    const restored = column(page, GPT).getByTestId('version-label');
    expect(await restored.textContent()).toBe('Version 2 of 2');
    await column(page, GPT).getByTestId('version-previous').click();
    expect(await restored.textContent()).toBe('Version 1 of 2');
    await column(page, GPT).getByTestId('column-earlier-version').waitFor();

    expect(problems).toEqual([]);
    await close();
  }, 240_000);
});
