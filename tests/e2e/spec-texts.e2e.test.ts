import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * The spec's own words where the app had its own: the comparison names models "engine - model" in the checklist
 * and on every column and lists the finished results; Brand Monitoring on without a brand name says why Ask is
 * disabled with the panel open, naming the button the view shows (Ask or Compare); the Brand Mentions dashboard is
 * titled "Brand Analytics"; the arena says what a round costs before it starts; the Web Search toggle shows its
 * price whether or not it can be switched on. Each at a phone's and a desktop's width, light and dark, checked with axe.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

const MODELS = ['OpenAI - GPT-4o mini', 'Groq - Llama 3.1 8B'];

/** Axe in both schemes, and a picture of each. */
async function checkedInBothSchemes(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await transitionsSettled(page);
    for (const violation of await seriousAccessibilityViolations(page)) found.push(`${name} ${colorScheme}: ${violation}`);
    await saveViewportScreenshot(page, `spec-${name}-${colorScheme}`);
  }
  return found;
}

describe('the spec’s texts', () => {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`names models "engine - model" and lists finished results in a comparison at ${viewport.width} px`, async () => {
      const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport });
      await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
      await page.getByTestId('comparison-query-input').waitFor();
      await page.getByTestId('clear-all').click();
      for (const label of MODELS) await page.getByRole('checkbox', { name: label, exact: true }).check();
      // The label people see is the one the spec gives, not the model's name alone.
      const visible = await page.getByTestId('model-choice-label').allInnerTexts();
      expect(visible).toEqual(expect.arrayContaining(MODELS));
      expect(visible.every((label) => / - /.test(label))).toBe(true);

      await page.getByTestId('comparison-query-input').fill('What is a tide?');
      await page.getByTestId('comparison-query-input').press('Control+Enter');
      await page.getByTestId('finished-results').waitFor({ timeout: underLoad(30_000) });
      await expect.poll(() => page.getByTestId('finished-result').count(), { timeout: underLoad(30_000) }).toBe(2);
      const columnTitles = await page.getByTestId('column-title').allInnerTexts();
      expect(columnTitles.map((title) => title.replace(/\s+/g, ' ').trim()).sort()).toEqual([...MODELS].sort());
      const finished = await page.getByTestId('finished-result').allInnerTexts();
      for (const label of MODELS) expect(finished.some((line) => line.startsWith(`${label} — Completed · `))).toBe(true);
      await page.getByTestId('finished-results').scrollIntoViewIfNeeded();
      expect(await checkedInBothSchemes(page, 'comparison')).toEqual([]);
      expect(problems).toEqual([]);
      await close();
    }, testLimit(90_000));

    it(`says why Ask is disabled when Brand Monitoring is on without a brand, panel open, at ${viewport.width} px`, async () => {
      const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport });
      // The same account asked a comparison in the test before; this one is about the single view.
      await page.getByTestId('mode-switch').getByText('Single Request', { exact: true }).click();
      await page.getByTestId('query-input').fill('Which running shoes last longest?');
      await page.getByTestId('brand-monitoring-toggle').check({ force: true });
      const reason = page.getByTestId('brand-missing-reason');
      await reason.waitFor();
      await expect.poll(() => reason.innerText()).toBe('Ask is disabled until you enter a brand name below, or turn Brand Monitoring off.');
      await expect.poll(() => page.getByTestId('ask-button').isDisabled()).toBe(true);
      // The panel cannot be hidden while the name is missing, so the reason and the field stay together.
      await page.getByTestId('brand-name-input').waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Hide brand' }).count()).toBe(0);
      // Remembered on: after a reload the panel opens by itself and says the same.
      await page.reload();
      await page.getByTestId('mode-switch').getByText('Single Request', { exact: true }).click();
      await reason.waitFor();
      await page.getByTestId('brand-name-input').waitFor();
      await reason.scrollIntoViewIfNeeded();
      expect(await checkedInBothSchemes(page, 'brand-missing')).toEqual([]);
      await page.getByTestId('brand-name-input').fill('Stridewell');
      await reason.waitFor({ state: 'detached' });
      await page.getByTestId('query-input').fill('Which running shoes last longest?');
      await expect.poll(() => page.getByTestId('ask-button').isDisabled()).toBe(false);
      expect(problems).toEqual([]);
      await close();
    }, testLimit(60_000));

    it(`titles the Brand Mentions dashboard "Brand Analytics" and prices an arena round before it starts at ${viewport.width} px`, async () => {
      const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport, path: '/brand-mentions' });
      await page.getByTestId('tab-analytics').click();
      await expect.poll(() => page.getByTestId('brand-analytics-title').innerText()).toBe('Brand Analytics');
      expect(await checkedInBothSchemes(page, 'brand-analytics')).toEqual([]);

      await page.goto(new URL('/arena', stack.baseUrl).toString());
      const price = page.getByTestId('arena-price');
      await expect.poll(() => price.innerText(), { timeout: underLoad(10_000) }).toMatch(/^This round costs \d+ to [\d,]+ credits, depending on the models drawn$/);
      await page.getByTestId('arena-pick-models').click();
      await expect.poll(() => price.innerText()).toBe('Pick models to see the price');
      await page.getByTestId('arena-models').getByRole('checkbox', { name: 'OpenAI - GPT-4o mini', exact: true }).check();
      await page.getByTestId('arena-models').getByRole('checkbox', { name: 'Groq - Llama 3.1 8B', exact: true }).check();
      // 6 + 2 credits.
      await expect.poll(() => price.innerText()).toBe('This round costs 8 credits');
      await price.scrollIntoViewIfNeeded();
      expect(await checkedInBothSchemes(page, 'arena-price')).toEqual([]);
      expect(problems).toEqual([]);
      await close();
    }, testLimit(60_000));

    it(`keeps the web search price in sight while the toggle is locked, at ${viewport.width} px`, async () => {
      // A guest: locked behind Register, and still told what web search would cost.
      const guest = await openPage(browser, stack.baseUrl, { viewport });
      const guestSetting = guest.page.getByTestId('web-search-setting');
      await expect.poll(() => guest.page.getByTestId('web-search-toggle').isDisabled()).toBe(true);
      await expect.poll(() => guestSetting.innerText()).toContain('Register for web search');
      await expect.poll(() => guestSetting.getByTestId('web-search-cost').innerText()).toBe('+2 credits');
      await guestSetting.scrollIntoViewIfNeeded();
      expect(await checkedInBothSchemes(guest.page, 'web-search-locked-guest')).toEqual([]);
      expect(guest.problems).toEqual([]);
      await guest.close();

      const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport });
      await page.getByTestId('mode-switch').getByText('Single Request', { exact: true }).click();
      const setting = page.getByTestId('web-search-setting');
      const toggle = page.getByTestId('web-search-toggle');
      // A model with web search: the toggle is open, at the same price.
      await expect.poll(() => toggle.isDisabled()).toBe(false);
      await expect.poll(() => setting.getByTestId('web-search-cost').innerText()).toBe('+2 credits');
      // A model without it: locked as Not Supported, the price still there.
      await page.getByTestId('engine-select').click();
      await page.getByRole('option', { name: 'Anthropic', exact: true }).click();
      await expect.poll(() => page.getByTestId('web-search-badge').textContent()).toBe('Not Supported');
      await expect.poll(() => toggle.isDisabled()).toBe(true);
      await expect.poll(() => setting.innerText()).toContain("This model doesn't support web search");
      await expect.poll(() => setting.getByTestId('web-search-cost').innerText()).toBe('+2 credits');
      await setting.scrollIntoViewIfNeeded();
      expect(await checkedInBothSchemes(page, 'web-search-not-supported')).toEqual([]);
      // A comparison pays it for every model, and says so while locked too.
      await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
      await page.getByTestId('comparison-query-input').waitFor();
      await page.getByTestId('clear-all').click();
      for (const label of ['OpenAI - GPT-4o mini', 'Anthropic - Claude 3.5 Haiku']) await page.getByRole('checkbox', { name: label, exact: true }).check();
      await expect.poll(() => page.getByTestId('web-search-badge').textContent()).toBe('Not Supported');
      await expect.poll(() => setting.getByTestId('web-search-cost').innerText()).toBe('+2 credits per model');
      expect(problems).toEqual([]);
      await close();
    }, testLimit(90_000));

    it(`names the Compare button in a comparison's missing-brand warning, and Ask in the single view, at ${viewport.width} px`, async () => {
      const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport });
      await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
      await page.getByTestId('comparison-query-input').waitFor();
      await page.getByTestId('clear-all').click();
      for (const label of MODELS) await page.getByRole('checkbox', { name: label, exact: true }).check();
      await page.getByTestId('comparison-query-input').fill('Which running shoes last longest?');
      await page.getByTestId('brand-monitoring-toggle').check({ force: true });
      const reason = page.getByTestId('brand-missing-reason');
      await reason.waitFor();
      await expect.poll(() => reason.innerText()).toBe('Compare is disabled until you enter a brand name below, or turn Brand Monitoring off.');
      await expect.poll(() => page.getByTestId('compare-button').innerText()).toBe('Compare');
      await expect.poll(() => page.getByTestId('compare-button').isDisabled()).toBe(true);
      await page.getByTestId('brand-name-input').waitFor();
      await reason.scrollIntoViewIfNeeded();
      expect(await checkedInBothSchemes(page, 'brand-missing-comparison')).toEqual([]);
      // The single view's button is Ask, and so is its warning (brand monitoring is remembered on).
      await page.getByTestId('mode-switch').getByText('Single Request', { exact: true }).click();
      await expect.poll(() => reason.innerText()).toBe('Ask is disabled until you enter a brand name below, or turn Brand Monitoring off.');
      expect(problems).toEqual([]);
      await close();
    }, testLimit(60_000));
  }

describe('the layout', () => {
  it('never scrolls sideways from 320 to 1440 px with every toggle on', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport: { width: 320, height: 700 } });
    await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
    await page.getByTestId('comparison-query-input').waitFor();
    await page.getByTestId('clear-all').click();
    // Web search needs every model chosen to support it, so the AI Overview (its own settings) is checked on its own below.
    for (const label of ['OpenAI - GPT-4o', 'Google Gemini - Gemini 2.5 Flash']) {
      await page.getByRole('checkbox', { name: label, exact: true }).check();
    }
    await page.getByTestId('web-search-toggle').check({ force: true });
    await page.getByTestId('brand-monitoring-toggle').check({ force: true });
    await page.getByTestId('brand-name-input').fill('A brand with a rather long name for a narrow phone');
    const overflowing: string[] = [];
    const measure = async (setting: string) => {
      for (const width of [320, 360, 390, 600, 768, 1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        // Measured once the page has laid itself out for the new width and its transitions have ended.
        await transitionsSettled(page);
        const wide = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        if (wide.scroll > wide.client) overflowing.push(`${setting} at ${width} px: ${wide.scroll} > ${wide.client}`);
      }
    };
    await measure('web search and brand monitoring');
    await page.getByRole('checkbox', { name: 'Google AI Overview - AI Overview', exact: true }).check();
    await page.getByTestId('ai-overview-settings').waitFor();
    await measure('with the AI Overview settings');
    await page.setViewportSize({ width: 320, height: 800 });
    await saveViewportScreenshot(page, 'every-toggle-on');
    expect(overflowing).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  }, testLimit(60_000));

  it('never scrolls sideways from 320 to 1440 px for a guest, with the guest banners and every locked toggle showing', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { viewport: { width: 320, height: 700 } });
    await page.getByTestId('registration-banner').waitFor({ timeout: underLoad(10_000) });
    // A guest sees both toggles, locked behind Register, and starts on a model open to them.
    for (const toggle of ['web-search-toggle', 'brand-monitoring-toggle']) await expect.poll(() => page.getByTestId(toggle).isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('model-select').inputValue()).toBe('GPT-3.5 Turbo');
    const overflowing: string[] = [];
    const measure = async (setting: string) => {
      for (const width of [320, 360, 390, 600, 768, 1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        // Measured once the page has laid itself out for the new width and its transitions have ended.
        await transitionsSettled(page);
        const wide = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        if (wide.scroll > wide.client) overflowing.push(`${setting} at ${width} px: ${wide.scroll} > ${wide.client}`);
      }
      await page.setViewportSize({ width: 320, height: 800 });
    };
    await measure('guest single view');
    // The AI Overview engine adds its settings panel and, for a guest, a locked model.
    await page.getByTestId('engine-select').click();
    await page.getByRole('option', { name: 'Google AI Overview', exact: true }).click();
    await page.getByTestId('ai-overview-settings').waitFor();
    await measure('guest with the AI Overview settings');
    await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
    await page.getByTestId('comparison-locked').waitFor();
    await measure('guest comparison (locked)');
    await expect.poll(() => page.getByTestId('registration-banner').isVisible()).toBe(true);
    await saveViewportScreenshot(page, 'guest-every-toggle');
    expect(overflowing).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  }, testLimit(60_000));
});
});
