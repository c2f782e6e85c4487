import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrandConfig } from '../../contract/ask.ts';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import type { TestStack } from '../support/test-stack.ts';
import { underLoad } from '../support/load-scaled-timeout.ts';

/**
 * Why a brand verdict was reached, on screen: with a judge model configured (the simulator), an answer's brand
 * summary, the Brand Mentions card and its dialog show the deciding sentence with its cue words marked, the judge's
 * recommendation and reason, each competitor's tone and which analyser decided. A second answer whose judge reply
 * is broken keeps the local verdict and says so.
 */

let browser: Browser;
let stack: TestStack;

const PRAISE = 'For small teams I recommend Acmetrix, the most reliable choice.';
const CRITICISM = 'Zolvane is slower and worse for teams.';
const ACMETRIX: BrandConfig = { brandName: 'Acmetrix', websiteUrl: 'https://acmetrix.example', keywords: [], competitors: ['Zolvane'] };

browserStackForFile((started) => ({ browser, stack } = started), { environment: { BRAND_JUDGE_MODEL: 'openai/gpt-4.1-mini', BRAND_JUDGE_TIMEOUT_MS: '3000' } });

beforeAll(async () => {
  // Older first: the judge's reply to this one is not JSON, so the local verdict stands.
  const local = await stack.ask({ ...SEARCH_BODY, query: `Acmetrix is reliable and I recommend it. [[judge reply=invalid-json]] [[simulate echo=1]]`, brandMonitoringEnabled: true, brandConfig: ACMETRIX });
  const runId = local.events.find((event) => event.event === 'end')!.data.runId as string;
  // The words that tipped the local verdict, as the targeted analyser records them (set here so the marks do not
  // depend on which cue lexicon the local analyser ships with).
  await stack.records().execute(`update brand_mentions set evidence = ? where run_id = ?`, [
    JSON.stringify({ sentence: 'Acmetrix is reliable and I recommend it.', cues: ['reliable', 'recommend'] }),
    runId,
  ]);
});

/** Screenshots at phone and desktop width, light and dark, named `<name>-<scheme>-<width>.png`. */
async function picture(page: Page, name: string, options: { viewportOnly?: boolean; locator?: Locator } = {}): Promise<void> {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      if (options.locator) await options.locator.scrollIntoViewIfNeeded();
      await (options.viewportOnly ? saveViewportScreenshot : saveScreenshot)(page, `${name}-${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(DESKTOP_VIEWPORT);
}

describe('brand evidence', () => {
  it("shows the judge's verdict and its evidence under a finished answer", async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    await page.getByTestId('brand-monitoring-toggle').check({ force: true });
    await page.getByTestId('brand-config-panel').waitFor();
    await page.getByTestId('brand-name-input').fill('Acmetrix');
    await page.getByTestId('brand-competitor-input').fill('Zolvane');
    await page.getByTestId('brand-competitor-input').press('Enter');
    await expect.poll(() => page.getByTestId('brand-competitor-list').textContent()).toContain('Zolvane');
    await page.getByTestId('query-input').fill(`${PRAISE} ${CRITICISM} [[simulate echo=1]]`);
    await page.getByTestId('ask-button').click();

    const summary = page.getByTestId('brand-summary');
    await summary.waitFor({ timeout: underLoad(20_000) });
    await expect.poll(() => summary.getByTestId('brand-sentiment').textContent()).toBe('Positive');
    await expect.poll(() => summary.getByTestId('brand-recommendation').textContent()).toBe('Recommended');
    await expect.poll(() => summary.getByTestId('brand-evidence').textContent()).toBe(PRAISE);
    await expect.poll(() => summary.getByTestId('brand-evidence').locator('mark[data-evidence="brand"]').first().textContent()).toBe('Acmetrix');
    await expect.poll(() => summary.getByTestId('judge-reason').textContent()).toContain(PRAISE);
    const zolvane = summary.getByTestId('competitor-sentiment');
    await expect.poll(() => zolvane.textContent()).toContain('Zolvane');
    await expect.poll(() => zolvane.textContent()).toContain('Negative');
    await expect.poll(() => zolvane.getByTestId('competitor-recommendation').textContent()).toBe('Compared unfavourably');
    await expect.poll(() => summary.getByTestId('brand-analyser').textContent()).toMatch(/^Judged by openai\/gpt-4\.1-mini \(local analyser [\w.+-]+\)$/);
    await picture(page, 'brand-evidence-answer', { locator: summary });
    expect(problems).toEqual([]);
    await close();
  });

  it('shows the deciding sentence, cue words, competitors and analyser on the mention cards and in the dialog', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, path: '/brand-mentions' });
    const cards = page.getByTestId('mention-card');
    await expect.poll(() => cards.count(), { timeout: underLoad(10_000) }).toBe(2);
    const [judged, local] = [cards.nth(0), cards.nth(1)];

    await expect.poll(() => judged.getByTestId('mention-evidence').textContent()).toBe(PRAISE);
    await expect.poll(() => judged.getByTestId('mention-recommendation').textContent()).toBe('Recommended');
    await expect.poll(() => local.getByTestId('mention-recommendation').count()).toBe(0);
    // The local verdict's cue words are marked apart from the brand's name.
    const cues = local.getByTestId('mention-evidence').locator('mark[data-evidence="cue"]');
    await expect.poll(() => cues.allTextContents()).toEqual(['reliable', 'recommend']);

    await judged.getByTestId('mention-toggle-context').click();
    await judged.getByTestId('judge-reason').waitFor();
    await expect.poll(() => judged.getByTestId('competitor-sentiment').textContent()).toMatch(/Zolvane.*Negative/);
    await expect.poll(() => judged.getByTestId('brand-analyser').textContent()).toContain('Judged by openai/gpt-4.1-mini');
    await local.getByTestId('mention-toggle-context').click();
    await local.getByTestId('brand-analyser').waitFor();
    await expect.poll(() => local.getByTestId('brand-analyser').textContent()).toMatch(/^Local analyser [\w.+-]+$/);
    await picture(page, 'brand-evidence-cards');

    await judged.getByTestId('mention-open').click();
    const dialog = page.getByRole('dialog', { name: 'Brand Mention: Acmetrix' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('mention-modal-evidence').textContent()).toBe(PRAISE);
    await expect.poll(() => dialog.getByTestId('mention-modal-recommendation').textContent()).toBe('Recommended');
    await expect.poll(() => dialog.getByTestId('judge-reason').textContent()).toContain(PRAISE);
    await expect.poll(() => dialog.getByTestId('competitor-sentiment').textContent()).toContain(CRITICISM);
    await expect.poll(() => dialog.getByTestId('brand-analyser').textContent()).toContain('Judged by openai/gpt-4.1-mini');
    await picture(page, 'brand-evidence-modal', { viewportOnly: true });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await close();
  });

  it('lets a person correct a verdict ("Wrong?"), marks it corrected, and counts it in the analytics beside the judge agreement', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, path: '/brand-mentions' });
    await page.setViewportSize(PHONE_VIEWPORT);
    const cards = page.getByTestId('mention-card');
    await expect.poll(() => cards.count(), { timeout: underLoad(10_000) }).toBe(2);
    const local = cards.nth(1);
    await expect.poll(() => local.getByTestId('mention-verdict-by').textContent()).toBe('Local analyser');
    await expect.poll(() => cards.nth(0).getByTestId('mention-verdict-by').textContent()).toBe('Judge model');

    await local.getByRole('button', { name: 'Wrong? Correct the verdict on Acmetrix' }).click();
    const menu = page.getByTestId('mention-correct-menu');
    await menu.waitFor();
    await expect.poll(() => menu.getByTestId('mention-correct-positive').isDisabled()).toBe(true);
    await menu.getByTestId('mention-correct-negative').click();
    await expect.poll(() => local.getByTestId('mention-sentiment').textContent(), { timeout: underLoad(10_000) }).toBe('Negative');
    await expect.poll(() => local.getByTestId('mention-verdict-by').textContent()).toBe('Corrected by a person (was positive)');
    // The quote still explains the analyser's verdict, and says so.
    await expect.poll(() => local.getByText('Why the analyser said positive').count()).toBe(1);
    await picture(page, 'brand-verdict-corrected', { locator: local });

    await page.getByTestId('tab-analytics').click();
    const corrections = page.getByTestId('analytics-corrections');
    await expect.poll(() => corrections.textContent(), { timeout: underLoad(10_000) }).toBe('1 of 2 mentions (50%)');
    // The judged answer kept the local verdict beside the judge's: one judged answer, agreeing or not.
    await expect.poll(() => page.getByTestId('analytics-judge-agreement').textContent()).toMatch(/^(0|100)% of 1 judged answer \(95% interval \d+%–\d+%\)$/);
    await picture(page, 'brand-analytics-corrections', { locator: corrections });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Taken back: the analyser's own verdict again.
    await page.getByTestId('tab-mentions').click();
    await local.getByTestId('mention-correct').click();
    await page.getByTestId('mention-correct-menu').getByTestId('mention-correct-positive').click();
    await expect.poll(() => local.getByTestId('mention-verdict-by').textContent(), { timeout: underLoad(10_000) }).toBe('Local analyser');
    expect(problems).toEqual([]);
    await close();
  });

  it('says on the pricing page that the judge model comes with brand monitoring', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { path: '/pricing' });
    const note = page.getByTestId('brand-judge-included');
    await note.waitFor({ timeout: underLoad(10_000) });
    await expect.poll(() => note.textContent()).toBe('Judge model (openai/gpt-4.1-mini): included');
    await close();
  });
});
