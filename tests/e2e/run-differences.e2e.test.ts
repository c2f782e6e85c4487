import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * Asking a comparison again later and reading what changed: the same question asked twice (the simulator answers a
 * brand question differently each time, as a model would), then the history modal's newer run shown against the
 * older one, word by word, with each model's share of words kept.
 */

const CHANGING = 'Which widget vendors deserve attention';
const STEADY = 'How do ocean tides work?';
const MODELS = [
  { engine: 'openai', model: 'gpt-4o-mini' },
  { engine: 'deepseek', model: 'deepseek-chat' },
];

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

beforeAll(async () => {
  for (const query of [CHANGING, CHANGING, STEADY, STEADY]) {
    const comparison = await stack.ask({ query, models: MODELS, searchEnabled: false }, { path: '/api/compare/stream' });
    expect(comparison.events.at(-1)?.event).toBe('all_complete');
  }
}, testLimit(120_000));

async function openRuns(page: Page, query: string) {
  await page.getByTestId('recent-request').filter({ has: page.getByTestId('request-query').getByText(query, { exact: true }) }).click();
  const modal = page.getByTestId('request-details-modal');
  await modal.getByRole('dialog').waitFor({ state: 'visible' });
  return modal;
}

describe('a question asked again, against its earlier run', () => {
  it('shows each model’s answer with the words dropped and added, and how much stayed', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    await page.getByTestId('recent-request').first().waitFor({ timeout: underLoad(15_000) });
    const modal = await openRuns(page, CHANGING);
    await expect.poll(() => modal.getByTestId('request-tab').count()).toBe(2);
    // The newer run, selected first, offers its differences from the older one; the older has nothing before it.
    await modal.getByTestId('show-differences').click();
    // The button says at once that it took the click; the differences follow once their code and answers arrive.
    await expect.poll(() => modal.getByTestId('show-differences').getAttribute('aria-expanded')).toBe('true');
    const differences = modal.getByTestId('run-difference');
    await expect.poll(() => differences.count(), { timeout: underLoad(10_000) }).toBe(2);
    await expect.poll(() => differences.nth(0).textContent()).toContain('OpenAI - GPT-4o mini');
    await expect.poll(() => differences.nth(1).textContent()).toContain('DeepSeek - DeepSeek Chat');
    for (const badge of await modal.getByTestId('run-difference-badge').allTextContents()) expect(badge).toMatch(/^\d{1,2}% of words kept$/);
    await expect.poll(() => differences.nth(0).locator('del').count()).toBeGreaterThan(0);
    await expect.poll(() => differences.nth(0).locator('ins').count()).toBeGreaterThan(0);
    // Opened where the person is looking: the differences are on the screen, not below the dialog's fold.
    await expect
      .poll(() => modal.getByTestId('run-differences').evaluate((element) => {
        const { top, bottom } = element.getBoundingClientRect();
        return top >= 0 && top < window.innerHeight && bottom > top;
      }))
      .toBe(true);
    // The answers are Markdown (a numbered list of bold names): rendered as such, never as raw ** or list marks,
    // with the changed words still marked.
    for (const difference of await differences.all()) {
      const text = difference.getByTestId('run-difference-text');
      await expect.poll(() => text.locator('ol > li').count()).toBeGreaterThan(0);
      await expect.poll(() => text.locator('strong').count()).toBeGreaterThan(0);
      await expect.poll(() => text.textContent()).not.toContain('**');
      await expect.poll(() => text.innerText()).not.toMatch(/^\s*(\d+\.|[-*+])\s/m);
    }
    await expect.poll(() => differences.nth(0).locator('li ins, li del, strong ins, strong del').count()).toBeGreaterThan(0);
    await expect.poll(() => modal.getByTestId('show-differences').textContent()).toBe('Hide the differences');

    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await transitionsSettled(page);
        await saveScreenshot(page, `run-differences-${colorScheme}`);
        expect(await seriousAccessibilityViolations(page), `${colorScheme} ${viewport.width}`).toEqual([]);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await modal.getByRole('tab').nth(1).click();
    await expect.poll(() => modal.getByTestId('show-differences').count()).toBe(0);
    await page.keyboard.press('Escape');
    await modal.getByRole('dialog').waitFor({ state: 'detached' });

    // A question answered the same both times says so.
    const steady = await openRuns(page, STEADY);
    await steady.getByTestId('show-differences').click();
    await expect.poll(() => steady.getByTestId('run-difference-badge').allTextContents(), { timeout: underLoad(10_000) }).toEqual(['Unchanged', 'Unchanged']);
    await expect.poll(() => steady.getByTestId('run-difference').locator('del, ins').count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  }, testLimit(120_000));
});
