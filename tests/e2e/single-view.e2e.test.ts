import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { underLoad } from '../support/load-scaled-timeout.ts';

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

/** Opens the model dropdown and reads each option's lock badge (empty when the model is open to this visitor). */
async function modelLocks(page: Page): Promise<Record<string, string>> {
  await page.getByTestId('model-select').click();
  const options = page.getByTestId('model-option');
  await options.first().waitFor();
  const locks = await options.evaluateAll((elements) =>
    Object.fromEntries(elements.map((element) => [element.getAttribute('data-model') ?? '', element.getAttribute('data-lock') ?? ''])),
  );
  await page.keyboard.press('Escape');
  return locks;
}

async function chooseEngine(page: Page, name: string): Promise<void> {
  await page.getByTestId('engine-select').click();
  await page.getByRole('option', { name, exact: true }).click();
}

describe('the single view for a guest', () => {
  it('offers only budget models (below 6 credits), locks the rest and web search and brand monitoring with Register, and shows the cost', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl);
    // A guest starts on a model open to them.
    await expect.poll(() => page.getByTestId('model-select').inputValue()).toBe('GPT-3.5 Turbo');
    const locks = await modelLocks(page);
    expect(locks['gpt-3.5-turbo']).toBe('');
    expect(locks['gpt-4o-mini']).toBe('Register');
    expect(locks['gpt-4.1-mini']).toBe('Register');
    expect(locks['gpt-5']).toBe('Register');
    expect(locks['gpt-4o']).toBe('Register');
    // A locked model cannot be chosen.
    await page.getByTestId('model-select').click();
    await expect.poll(() => page.getByRole('option', { name: /GPT-5/ }).first().getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    await expect.poll(() => page.getByTestId('web-search-badge').textContent()).toBe('Register');
    await expect.poll(() => page.getByTestId('web-search-setting').textContent()).toContain('Register for web search');
    await expect.poll(() => page.getByTestId('web-search-toggle').isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('brand-monitoring-badge').textContent()).toBe('Register');
    await expect.poll(() => page.getByTestId('brand-monitoring-setting').textContent()).toContain('Register for monitoring');
    await expect.poll(() => page.getByTestId('cost-badge').textContent()).toBe('Cost: 3 credits');
    await expect.poll(() => page.getByTestId('credit-count').textContent()).toContain('20');
    await saveScreenshot(page, 'home-single');
    await page.setViewportSize(PHONE_VIEWPORT);
    await saveScreenshot(page, 'home-single');
    expect(problems).toEqual([]);
    await close();
  });

  it('counts characters, stops at 500, and keeps Ask disabled for a blank question', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl);
    const input = page.getByTestId('query-input');
    await expect.poll(() => page.getByTestId('ask-button').isDisabled()).toBe(true);
    await input.fill('   ');
    await expect.poll(() => page.getByTestId('ask-button').isDisabled()).toBe(true);
    await input.fill('x'.repeat(520));
    expect(((await input.inputValue()) ?? '').length).toBe(500);
    await expect.poll(() => page.getByTestId('query-counter').textContent()).toBe('500/500');
    await expect.poll(() => input.getAttribute('placeholder')).toBe('Ask me anything... (max 500 characters)');
    await close();
  });

  it('shows the AI Overview settings with the US and English defaults when that engine is chosen', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl);
    await chooseEngine(page, 'Google AI Overview');
    await page.getByTestId('ai-overview-settings').waitFor();
    await expect.poll(() => page.getByTestId('ai-overview-country').inputValue()).toBe('us');
    await expect.poll(() => page.getByTestId('ai-overview-language').inputValue()).toBe('en');
    await expect.poll(() => page.getByTestId('ai-overview-settings').textContent()).toContain('No AI Overview available');
    // At 10 credits the AI Overview is not a budget model: a guest sees it locked, with nothing chosen to ask.
    await expect.poll(() => page.getByTestId('model-select').inputValue()).toBe('');
    expect((await modelLocks(page))['google-ai-overview']).toBe('Register');
    await close();
  });

  it('asks, streams, charges, and New Search restores the defaults', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { viewport: PHONE_VIEWPORT });
    await page.getByTestId('query-input').fill('What is a quorum? [[simulate chunks=30 chunk-ms=30]]');
    await page.getByTestId('ask-button').click();
    await page.getByTestId('streaming-indicator').waitFor({ state: 'visible' });
    await page.getByTestId('new-search-button').waitFor({ timeout: underLoad(20_000) });
    await expect.poll(() => page.getByTestId('credits-used').textContent()).toBe('3 credits used');
    // Credits refresh after the answer: 20 − 3.
    await expect.poll(() => page.getByTestId('credit-count').textContent(), { timeout: underLoad(10_000) }).toContain('17');
    await saveScreenshot(page, 'home-single-answered');
    await page.getByTestId('new-search-button').click();
    await expect.poll(() => page.getByTestId('query-input').inputValue()).toBe('');
    await expect.poll(() => page.getByTestId('answer').count()).toBe(0);
    await expect.poll(() => page.getByTestId('model-select').inputValue()).toBe('GPT-3.5 Turbo');
    expect(problems).toEqual([]);
    await close();
  });
});

describe('the registration banner', () => {
  it('invites guests on the home page only, and a dismissal holds when they come back', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { path: '/pricing' });
    const banner = page.getByTestId('registration-banner');
    // Well past its 1.5 s delay: never on another page.
    await page.waitForTimeout(2_500);
    await expect.poll(() => banner.count()).toBe(0);

    await page.getByRole('link', { name: 'Quorum home' }).click();
    await banner.waitFor({ state: 'visible', timeout: underLoad(5_000) });
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Pricing' }).click();
    await expect.poll(() => banner.count()).toBe(0);

    await page.getByRole('link', { name: 'Quorum home' }).click();
    await banner.waitFor({ state: 'visible' });
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('link', { name: 'Quorum home' }).click();
    // Past the banner's 1.5 s delay: a dismissed banner must not come back.
    await page.waitForTimeout(2_000);
    await expect.poll(() => banner.count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });

  it('stays away from the address verification page', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { path: '/verify-email' });
    // Past the banner's 1.5 s delay: it must never appear here.
    await page.waitForTimeout(2_500);
    await expect.poll(() => page.getByTestId('registration-banner').count()).toBe(0);
    await close();
  });
});

describe('the single view for a subscribed user', () => {
  it('unlocks every model and web search on supported models, with the cost of search added', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport: DESKTOP_VIEWPORT });
    const locks = await modelLocks(page);
    expect(Object.values(locks).every((lock) => lock === '')).toBe(true);
    await expect.poll(() => page.getByTestId('web-search-badge').count()).toBe(0);
    await page.getByTestId('web-search-toggle').check({ force: true });
    await expect.poll(() => page.getByTestId('web-search-badge').textContent()).toBe('Active');
    await expect.poll(() => page.getByTestId('cost-badge').textContent()).toBe('Cost: 8 credits');

    // Anthropic has no web search: the toggle turns off and says why.
    await chooseEngine(page, 'Anthropic');
    await expect.poll(() => page.getByTestId('web-search-badge').textContent()).toBe('Not Supported');
    await expect.poll(() => page.getByTestId('web-search-setting').textContent()).toContain("This model doesn't support web search");
    await expect.poll(() => page.getByTestId('web-search-toggle').isChecked()).toBe(false);

    // Brand monitoring needs a brand name before the question can be sent.
    await page.getByTestId('brand-monitoring-toggle').check({ force: true });
    await page.getByTestId('brand-config-panel').waitFor();
    await expect.poll(() => page.getByTestId('brand-config-panel').textContent()).toContain('Brand name is required');
    await page.getByTestId('query-input').fill('Which running shoes are best?');
    await expect.poll(() => page.getByTestId('ask-button').isDisabled()).toBe(true);
    await page.getByTestId('brand-name-input').fill('Acme');
    await expect.poll(() => page.getByTestId('ask-button').isDisabled()).toBe(false);
    await expect.poll(() => page.getByTestId('brand-monitoring-badge').textContent()).toBe('Active');
    expect(problems).toEqual([]);
    await close();
  });
});

describe('answers that outlive the page', () => {
  it('picks a streaming answer up again after a reload and finishes it', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl);
    await page.getByTestId('query-input').fill('Tell me about resumable streams [[simulate chunks=50 chunk-ms=80]]');
    await page.getByTestId('ask-button').click();
    await expect.poll(async () => ((await page.getByTestId('answer').textContent()) ?? '').length, { timeout: underLoad(10_000) }).toBeGreaterThan(10);
    await page.reload();
    await page.getByTestId('startup-loader').waitFor({ state: 'detached' });
    // The same question is back in the box and the answer keeps streaming to its end.
    await expect.poll(() => page.getByTestId('query-input').inputValue()).toContain('Tell me about resumable streams');
    await page.getByTestId('new-search-button').waitFor({ timeout: underLoad(20_000) });
    const shown = (await page.getByTestId('answer').textContent()) ?? '';
    const [stored] = await stack.records().getConnection().execute<{ answer_text: string }[]>(
      "select answer_text from model_runs where status = 'completed' order by completed_at desc limit 1",
    );
    const lastWords = stored!.answer_text.replace(/[*#_`>-]/g, ' ').split(/\s+/).filter(Boolean).slice(-5);
    for (const word of lastWords) expect(shown).toContain(word);
    expect(problems).toEqual([]);
    await close();
  });

  it("updates another tab's credit count when this tab spends credits", async () => {
    const first = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    const second = await first.context.newPage();
    await second.goto(stack.baseUrl);
    await second.getByTestId('credit-count').waitFor();
    const before = (await second.getByTestId('credit-count').textContent()) ?? '';
    await first.page.getByTestId('query-input').fill('Spend a little');
    await first.page.getByTestId('ask-button').click();
    await first.page.getByTestId('new-search-button').waitFor({ timeout: underLoad(20_000) });
    const count = (text: string | null) => Number((text ?? '').split(' ')[0]!.replaceAll(',', ''));
    // gpt-4o-mini costs 6: the other tab hears it over its live connection, without a reload.
    await expect.poll(async () => count(await second.getByTestId('credit-count').textContent()), { timeout: underLoad(10_000) }).toBe(count(before) - 6);
    await first.close();
  });
});
