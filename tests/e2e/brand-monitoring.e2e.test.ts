import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { eventually } from '../support/eventually.ts';
import { createFundedUser } from '../support/funded-user.ts';
import { postSearchStream, SEARCH_BODY } from '../support/search-stream-client.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * Brand monitoring from question to dashboard on a real stack: the simulator's answers repeat the question's first
 * words, so a brand named at the start of the question is found in every answer. The tests run in order, each
 * building on the mentions the one before stored.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

// Shorter than a quote (five words), so the simulator's opening “…” of the question counts as naming both brands.
const SINGLE_QUESTION = 'Acmeflux or Globexa?';
// The simulator's answers repeat the question's longest words; here the brand is the only one, so every column names it.
const COMPARISON_QUESTION = 'Why Globexa?';

/** Full-page screenshots at phone and desktop width, light and dark, named `<name>-<scheme>-<width>.png`. */
async function picture(page: Page, name: string, locator?: Locator): Promise<void> {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      if (locator) await locator.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `${name}-${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(DESKTOP_VIEWPORT);
}

async function addCompetitor(page: Page, name: string): Promise<void> {
  await page.getByTestId('brand-competitor-input').fill(name);
  await page.getByTestId('brand-competitor-input').press('Enter');
  await expect.poll(() => page.getByTestId('brand-competitor-list').textContent()).toContain(name);
}

/** Mantine hides a pill's remove control from the accessibility tree, so it is found by its label. */
const removeCompetitor = (page: Page, name: string) => page.locator(`[aria-label="Remove competitor ${name}"]`).click();

describe('brand monitoring for a signed-in user', () => {
  it('sums up how a single answer talks about the brand once it has finished', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    await page.getByTestId('brand-monitoring-toggle').check({ force: true });
    await page.getByTestId('brand-config-panel').waitFor();
    await page.getByTestId('brand-name-input').fill('Acmeflux');
    // The brand itself cannot be its own competitor.
    await page.getByTestId('brand-competitor-input').fill('acmeflux');
    await page.getByTestId('brand-competitor-add').click();
    await expect.poll(() => page.getByTestId('brand-config-panel').textContent()).toContain('A competitor cannot be your own brand');
    await addCompetitor(page, 'Initrode');
    await removeCompetitor(page, 'Initrode');
    await expect.poll(() => page.getByTestId('brand-competitor-list').count()).toBe(0);
    await addCompetitor(page, 'Globexa');

    await page.getByTestId('query-input').fill(`${SINGLE_QUESTION} [[simulate chunks=40 chunk-ms=30]]`);
    await page.getByTestId('ask-button').click();
    await expect.poll(() => page.getByTestId('answer-panel').getAttribute('data-state'), { timeout: underLoad(10_000) }).toBe('streaming');
    // Nothing is judged while the answer is still being written.
    await expect.poll(() => page.getByTestId('brand-summary').count()).toBe(0);

    const summary = page.getByTestId('brand-summary');
    await summary.waitFor({ timeout: underLoad(20_000) });
    await expect.poll(() => summary.getByTestId('brand-mentioned').textContent()).toBe('Mentioned');
    await expect.poll(() => summary.getByTestId('brand-sentiment').textContent()).toMatch(/^(Positive|Negative|Neutral)$/);
    await expect.poll(() => summary.getByTestId('brand-confidence').textContent()).toMatch(/^\d{1,3}%$/);
    expect(Number(await summary.getByTestId('brand-total-mentions').textContent())).toBeGreaterThanOrEqual(1);
    await expect.poll(() => summary.getByTestId('brand-rank').textContent()).toBe('#1');
    await expect.poll(() => summary.getByTestId('brand-share-of-voice').textContent()).toMatch(/^\d{1,3}%$/);
    await expect.poll(() => summary.getByTestId('brand-competitors').textContent()).toContain('Globexa');
    await expect.poll(() => summary.getByTestId('brand-context').first().locator('mark').first().textContent()).toMatch(/acmeflux/i);
    await picture(page, 'brand-answer-summary', summary);
    expect(problems).toEqual([]);
    await close();
  });

  it('marks each comparison column that mentions the brand', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
    await page.getByTestId('comparison-query-input').waitFor();
    await page.getByTestId('clear-all').click();
    for (const label of ['OpenAI - GPT-4o mini', 'Anthropic - Claude 3.5 Haiku']) await page.getByRole('checkbox', { name: label, exact: true }).check();

    // This time the competitor is the brand watched, and the first brand its competitor.
    await page.getByTestId('brand-monitoring-toggle').check({ force: true });
    await page.getByTestId('brand-config-panel').waitFor();
    await page.getByTestId('brand-name-input').fill('Globexa');
    await addCompetitor(page, 'Acmeflux');

    await page.getByTestId('comparison-query-input').fill(`${COMPARISON_QUESTION} [[simulate chunks=30 chunk-ms=10]]`);
    await page.getByTestId('compare-button').click();
    await page.getByTestId('new-comparison').waitFor({ timeout: underLoad(30_000) });
    const columns = page.getByTestId('comparison-column');
    await expect.poll(() => columns.count()).toBe(2);
    for (const column of await columns.all()) {
      await expect.poll(() => column.getAttribute('data-state')).toBe('done');
      await expect.poll(() => column.getByTestId('column-brand-mentioned').textContent()).toBe('Mentioned');
      await expect.poll(() => column.getByTestId('column-brand-summary').textContent()).toMatch(/^Globexa: \d+ mentions? · (Positive|Negative|Neutral) · \d+% confidence/);
    }
    expect(problems).toEqual([]);
    await close();
  });

  it('lists the mentions on the Brand Mentions page, filters, searches and opens one', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, path: '/brand-mentions' });
    await page.getByTestId('brand-mentions-page').waitFor();
    await expect.poll(() => page.getByTestId('tab-mentions').textContent(), { timeout: underLoad(10_000) }).toBe('Mentions (3)');
    await expect.poll(() => page.getByTestId('tab-analytics').textContent(), { timeout: underLoad(10_000) }).toBe('Analytics (2)');
    const cards = page.getByTestId('mention-card');
    await expect.poll(() => cards.count()).toBe(3);

    await page.getByTestId('mentions-brand-filter').selectOption('Acmeflux');
    await expect.poll(() => cards.count()).toBe(1);
    await expect.poll(() => cards.first().getByTestId('mention-query').textContent()).toContain(SINGLE_QUESTION);
    await page.getByTestId('mentions-brand-filter').selectOption('Globexa');
    await expect.poll(() => cards.count()).toBe(2);
    // The server filters and counts: the total and the tab follow the filter, over the period the numbers cover.
    await expect.poll(() => page.getByTestId('mentions-shown').textContent()).toBe('2 mentions in the last 30 days');
    await expect.poll(() => page.getByTestId('tab-mentions').textContent()).toBe('Mentions (2)');
    // The CSV button downloads the same filtered list.
    const csvHref = (await page.getByTestId('mentions-csv').getAttribute('href')) ?? '';
    expect(csvHref).toBe('/api/brand-config/mentions.csv?days=30&brandName=Globexa');
    const csv = await page.request.get(`${stack.baseUrl.replace(/\/$/, '')}${csvHref}`);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(1 + 2);
    await page.getByTestId('mentions-surface-filter').selectOption('ai-overview');
    await page.getByTestId('mentions-no-match').waitFor();
    await page.getByTestId('mentions-surface-filter').selectOption('model');
    await expect.poll(() => cards.count()).toBe(2);

    await page.getByTestId('mentions-clear').click();
    await page.getByTestId('mentions-search').fill('WHY GLOBEXA');
    await expect.poll(() => cards.count()).toBe(2);
    await page.getByTestId('mentions-search').fill('no such words anywhere');
    await page.getByTestId('mentions-no-match').waitFor();
    await page.getByTestId('mentions-clear').click();
    await expect.poll(() => cards.count()).toBe(3);

    const first = cards.first();
    await expect.poll(() => first.getByTestId('mention-context').count()).toBe(0);
    await first.getByTestId('mention-toggle-context').click();
    await first.getByTestId('mention-context').waitFor();
    await expect.poll(() => first.getByTestId('mention-context').textContent()).toMatch(/globexa|acmeflux/i);
    await picture(page, 'brand-mentions-list');
    await first.getByTestId('mention-toggle-context').click();
    await first.getByTestId('mention-context').waitFor({ state: 'detached' });

    const brand = (await first.getByTestId('mention-brand').textContent()) ?? '';
    await first.getByTestId('mention-open').click();
    const dialog = page.getByRole('dialog', { name: `Brand Mention: ${brand}` });
    await dialog.waitFor();
    const details = (await dialog.textContent()) ?? '';
    for (const label of ['Sentiment', 'Confidence', 'Date', 'AI model', 'Context', 'Original request', 'Keywords found']) expect(details).toContain(label);
    await picture(page, 'brand-mention-modal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await close();
  });

  it("shows each brand's numbers and charts on the Analytics tab", async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, path: '/brand-mentions' });
    await page.getByTestId('tab-analytics').click();
    const cards = page.getByTestId('brand-analytics-card');
    await cards.first().waitFor({ timeout: underLoad(10_000) });
    await expect.poll(() => cards.count()).toBe(2);
    const acme = cards.filter({ has: page.getByTestId('analytics-brand').getByText('Acmeflux', { exact: true }) });
    await expect.poll(() => acme.getByTestId('analytics-total-requests').textContent()).toBe('1');
    await expect.poll(() => acme.getByTestId('analytics-total-mentions').textContent()).toBe('1');
    await expect.poll(() => acme.getByTestId('analytics-mention-rate').textContent()).toBe('100.0%');
    await expect.poll(() => acme.getByTestId('analytics-avg-confidence').textContent()).toMatch(/^\d{1,3}%$/);
    const globex = cards.filter({ has: page.getByTestId('analytics-brand').getByText('Globexa', { exact: true }) });
    await expect.poll(() => globex.getByTestId('analytics-total-requests').textContent()).toBe('2');

    const charts = page.getByTestId('brand-charts');
    await charts.waitFor({ timeout: underLoad(10_000) });
    for (const chart of ['chart-daily', 'chart-sentiment', 'chart-models', 'chart-share-of-voice']) {
      await expect.poll(() => charts.getByTestId(chart).locator('svg.recharts-surface').count(), { timeout: underLoad(10_000) }).toBeGreaterThan(0);
    }
    await picture(page, 'brand-analytics');
    expect(problems).toEqual([]);
    await close();
  });
});

describe('the Brand Mentions page when the last 30 days have no mention', () => {
  const TESTER = 'Quiet Month Tester';
  let cookie: string;

  // One mention, stored 45 days ago: outside the page's first 30-day window, inside its 90-day one.
  beforeAll(async () => {
    cookie = await createFundedUser(stack.records(), stack.config, TESTER);
    const asked = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: 'Why Zentrova?', brandMonitoringEnabled: true, brandConfig: { brandName: 'Zentrova' } }, { headers: { cookie } });
    expect(asked.status).toBe(200);
    const connection = stack.records().getConnection();
    const mentionsOfTester = `from brand_mentions where mentioned and user_id = (select id from users where name = '${TESTER}')`;
    const stored = await eventually(async () => (await connection.execute<{ count: number }[]>(`select count(*)::int as count ${mentionsOfTester}`))[0]!.count, (count) => count === 1, 20_000);
    expect(stored).toBe(1);
    await connection.execute(`update brand_mentions set created_at = now() - interval '45 days' where id in (select id ${mentionsOfTester})`);
  });

  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`keeps the filters and says so, and a longer period finds the mention, at ${viewport.width} px`, async () => {
      const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie, viewport, path: '/brand-mentions' });
      const empty = page.getByTestId('mentions-empty');
      await empty.waitFor({ timeout: underLoad(10_000) });
      for (const filter of ['mentions-brand-filter', 'mentions-model-filter', 'mentions-sentiment-filter', 'mentions-surface-filter', 'mentions-days-filter', 'mentions-search']) {
        expect(await page.getByTestId(filter).count(), filter).toBe(1);
        expect(await page.getByTestId(filter).isEnabled(), filter).toBe(true);
      }
      await expect.poll(() => page.getByTestId('mentions-days-filter').inputValue()).toBe('30');
      await expect.poll(() => empty.innerText()).toContain('No brand mentions in the last 30 days');
      await expect.poll(() => empty.innerText()).toContain('Choose a longer period above');
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await seriousAccessibilityViolations(page), colorScheme).toEqual([]);
        await saveScreenshot(page, `brand-mentions-empty-period-${colorScheme}`);
      }
      await page.getByTestId('mentions-days-filter').selectOption('90');
      await expect.poll(() => page.getByTestId('mention-card').count(), { timeout: underLoad(10_000) }).toBe(1);
      await expect.poll(() => page.getByTestId('mention-card').getByTestId('mention-brand').innerText()).toBe('Zentrova');
      await expect.poll(() => page.getByTestId('mentions-shown').innerText()).toBe('1 mention in the last 90 days');
      await expect.poll(() => empty.count()).toBe(0);
      expect(problems).toEqual([]);
      await close();
    }, testLimit(60_000));
  }
});

describe('the Brand Mentions page for a guest', () => {
  it('asks to sign in and offers the way home', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { path: '/brand-mentions' });
    const notice = page.getByTestId('brand-mentions-auth-required');
    await notice.waitFor();
    await expect.poll(() => notice.getByRole('heading').textContent()).toBe('Authentication Required');
    await notice.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL(`${stack.baseUrl.replace(/\/$/, '')}/`);
    await close();
  });
});
