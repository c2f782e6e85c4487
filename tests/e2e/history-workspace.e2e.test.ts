import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { SearchRequest } from '../../core/database/entities/search-request.ts';
import { transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveViewportScreenshot, type OpenedPage } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { orSayWhatWasSeen } from '../support/eventually.ts';
import { createPayer } from '../support/funded-user.ts';
import { postSearchStream, SEARCH_BODY } from '../support/search-stream-client.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';
import { openSidebar } from '../support/sidebar-drawer.ts';
import type { TestStack } from '../support/test-stack.ts';

/**
 * The history as a place to come back to, on a real stack in Chromium at 390 and 1440 px, light and dark: a
 * regenerated answer's versions inside its request, a stopped one in grey, a past conversation continued in the
 * workspace, "Run this prompt again" with every setting, and search, delete and loading past the first 20.
 */

const REGENERATED = 'Why do cats purr?';
const STOPPED = 'Count slowly to a thousand';
const THREAD_FIRST = 'Where do glaciers form?';
const THREAD_FOLLOW_UP = 'And why do they melt?';
const SETTINGS = 'Which anvils does Acme sell?';
const OVERVIEW = 'What is an anvil made of?';
const ARCHIVED = 22;
const BRAND = { brandName: 'Acme', websiteUrl: 'https://acme.example', keywords: ['anvils'] };
const THREAD_MODELS = [
  { engine: 'openai', model: 'gpt-4o-mini' },
  { engine: 'deepseek', model: 'deepseek-chat' },
];

let browser: Browser;
let stack: TestStack;
let payer: { user: { id: string }; cookie: string };

const VIEWS = [
  { viewport: PHONE_VIEWPORT, colorScheme: 'light' },
  { viewport: PHONE_VIEWPORT, colorScheme: 'dark' },
  { viewport: DESKTOP_VIEWPORT, colorScheme: 'light' },
  { viewport: DESKTOP_VIEWPORT, colorScheme: 'dark' },
] as const;
type View = (typeof VIEWS)[number];
const viewName = (view: View) => `${view.viewport.width}px ${view.colorScheme}`;

async function ask(body: Record<string, unknown>, path = '/api/search/stream', onChunk?: (requestId: string) => void) {
  let notified = false;
  const result = await postSearchStream(stack.baseUrl, body, {
    path,
    headers: { cookie: payer.cookie },
    onEvent: (event) => {
      if (!notified && (event.event === 'chunk' || event.event === 'model_chunk') && onChunk) {
        notified = true;
        onChunk(String(event.data.requestId));
      }
    },
  });
  expect(result.status).toBe(200);
  return String(result.events[0]!.data.requestId);
}

/** Older requests written straight to the database, so the history runs past its first page. */
async function archive(queries: readonly string[], hoursAgo: number): Promise<void> {
  const em = stack.records();
  queries.forEach((query, index) => {
    const request = em.create(SearchRequest, {
      id: randomUUID(),
      query,
      engine: 'openai',
      model: 'gpt-4o-mini',
      user: payer.user.id,
      status: 'completed',
      createdAt: new Date(Date.now() - (hoursAgo * 60 + index) * 60_000),
    });
    em.create(ModelRun, { id: randomUUID(), request, engine: 'openai', model: 'gpt-4o-mini', status: 'completed', answerText: `Stored answer to ${query}` });
  });
  await em.flush();
}

browserStackForFile((started) => ({ browser, stack } = started));

beforeAll(async () => {
  payer = await createPayer(stack.records(), stack.config, 2_000);
  await archive(Array.from({ length: ARCHIVED }, (_, index) => `Archived question ${index + 1}`), 48);
  await archive(['Delete me at 390px light', 'Delete me at 390px dark', 'Delete me at 1440px light', 'Delete me at 1440px dark'], 24);

  // A comparison names its models in `models`; a search body's `model` and `specificModel` would be refused here.
  const first = await ask({ query: THREAD_FIRST, models: THREAD_MODELS, searchEnabled: false }, '/api/compare/stream');
  await ask({ query: THREAD_FOLLOW_UP, models: THREAD_MODELS, searchEnabled: false, followUpOf: first }, '/api/compare/stream');
  const webSearchModels = [
    { engine: 'openai', model: 'gpt-4o' },
    { engine: 'openai', model: 'gpt-4.1' },
  ];
  await ask({ query: SETTINGS, models: webSearchModels, searchEnabled: true, brandMonitoringEnabled: true, brandConfig: BRAND }, '/api/compare/stream');
  await ask({ query: OVERVIEW, model: 'ai-overview', specificModel: 'google-ai-overview', aiOverviewParams: { gl: 'de', hl: 'de' } });
  let stopping: Promise<Response> | undefined;
  await ask({ ...SEARCH_BODY, query: `${STOPPED} [[simulate chunks=300 chunk-ms=40]]` }, '/api/search/stream', (requestId) => {
    stopping = fetch(`${stack.baseUrl}/api/requests/${requestId}/cancel`, { method: 'POST', headers: { cookie: payer.cookie } });
  });
  await stopping;
  const regenerated = await ask({ ...SEARCH_BODY, query: `${REGENERATED} [[simulate chunks=3]]` });
  await ask({ ...SEARCH_BODY, query: `${REGENERATED} [[simulate chunks=4]]`, retryOf: regenerated });
  await ask({ ...SEARCH_BODY, query: `${REGENERATED} [[simulate chunks=5]]`, retryOf: regenerated });
}, testLimit(180_000));

async function openSignedIn(view: View): Promise<OpenedPage> {
  const opened = await openPage(browser, stack.baseUrl, { cookie: payer.cookie, viewport: view.viewport });
  await opened.page.emulateMedia({ colorScheme: view.colorScheme });
  return opened;
}

/** The sidebar's recent requests, the drawer opened first on a phone, once the first has loaded. */
async function sidebar(page: Page): Promise<Locator> {
  await openSidebar(page);
  const requests = page.getByTestId('recent-requests');
  await requests.getByTestId('recent-request').first().waitFor({ timeout: underLoad(15_000) });
  return requests;
}

const groupItem = (page: Page, text: string) => page.getByTestId('recent-request').filter({ has: page.getByTestId('request-query').getByText(text) });

async function openDetails(page: Page, text: string): Promise<Locator> {
  await sidebar(page);
  await groupItem(page, text).first().click();
  const modal = page.getByTestId('request-details-modal');
  await modal.getByRole('dialog').waitFor({ state: 'visible' });
  // Opened as a person sees it: its opening transition over, its buttons where they will stay.
  await transitionsSettled(page);
  return modal;
}

describe.each(VIEWS)('the history at $viewport.width px, $colorScheme', (view) => {
  const name = viewName(view).replace(' ', '-');

  it(`shows a regenerated answer as versions inside one request, and a stopped one in grey (${viewName(view)})`, async () => {
    const { page, problems, close } = await openSignedIn(view);
    const list = await sidebar(page);
    // One entry for the question and its two regenerations.
    await expect.poll(() => groupItem(page, REGENERATED).count()).toBe(1);
    await expect.poll(() => groupItem(page, REGENERATED).getByTestId('request-credits').textContent()).toBe('18 credits');
    await expect.poll(() => groupItem(page, STOPPED).getByTestId('request-status-dot').getAttribute('data-colour')).toBe('gray');
    await expect.poll(() => list.isVisible()).toBe(true);

    const modal = await openDetails(page, REGENERATED);
    const label = modal.getByTestId('version-label');
    await expect.poll(() => label.textContent()).toBe('Version 3 of 3');
    const third = await modal.getByTestId('single-result').innerText();
    await modal.getByTestId('version-previous').click();
    await expect.poll(() => label.textContent()).toBe('Version 2 of 3');
    await expect.poll(() => modal.getByTestId('single-result').innerText()).not.toBe(third);
    await expect.poll(() => modal.getByTestId('export-markdown').getAttribute('href')).toContain('/export?format=markdown');
    await saveViewportScreenshot(page, `history-versions-${name}`);
    await page.keyboard.press('Escape');
    await modal.getByRole('dialog').waitFor({ state: 'detached' });

    const stopped = await openDetails(page, STOPPED);
    await expect.poll(() => stopped.getByTestId('detail-status').textContent()).toBe('Stopped');
    await expect.poll(() => stopped.getByTestId('request-stopped').textContent()).toBe('Stopped before it answered.');
    await expect.poll(() => stopped.getByTestId('request-tab').getAttribute('data-status')).toBe('stopped');
    await expect.poll(() => stopped.getByTestId('request-error').count()).toBe(0);
    await saveViewportScreenshot(page, `history-stopped-${name}`);
    expect(problems).toEqual([]);
    await close();
  }, testLimit(60_000));

  it(`continues a past conversation in the workspace with every column's thread (${viewName(view)})`, async () => {
    const { page, problems, close } = await openSignedIn(view);
    // One entry for the conversation, under its first question: Continue goes on from its last turn.
    const modal = await openDetails(page, THREAD_FIRST);
    await expect.poll(() => groupItem(page, THREAD_FOLLOW_UP).count()).toBe(0);
    await modal.getByTestId('continue-button').click();
    const columns = page.getByTestId('comparison-column');
    await expect.poll(() => columns.count(), { timeout: underLoad(15_000) }).toBe(2);
    for (const column of await columns.all()) {
      await expect.poll(() => column.getAttribute('data-state')).toBe('done');
      await column.getByTestId('column-thread-question').first().waitFor({ timeout: underLoad(15_000) });
      await expect.poll(() => column.getByTestId('column-thread-question').first().textContent()).toContain(THREAD_FIRST);
      await expect.poll(() => column.getByTestId('column-current-question').textContent()).toContain(THREAD_FOLLOW_UP);
    }
    // Ready to continue: the follow-up box is there.
    await page.getByTestId('follow-up-form').waitFor();
    await saveViewportScreenshot(page, `history-continued-${name}`);

    // Regenerating a continued answer adds a version inside the same request (each earlier run here added one).
    const column = columns.first();
    const label = column.getByTestId('version-label');
    const versionsBefore = (await label.count()) === 0 ? 1 : Number(/of (\d+)/.exec((await label.textContent()) ?? '')![1]);
    await column.getByTestId('column-regenerate').click();
    // The new version and its end, read together: a state read alone may still be the earlier answer's "done", and a
    // failure then shows what the column did instead (an error, or nothing at all).
    await orSayWhatWasSeen(
      expect
        .poll(async () => ({ label: await label.textContent(), state: await column.getAttribute('data-state') }), { timeout: underLoad(15_000) })
        .toEqual({ label: `Version ${versionsBefore + 1} of ${versionsBefore + 1}`, state: 'done' }),
      `regenerating a continued answer did not end as version ${versionsBefore + 1}`,
      // The poll alone does not say what it last saw: name the column's state, version, error and text.
      async () => ({
        label: await label.textContent().catch(() => null),
        state: await column.getAttribute('data-state').catch(() => null),
        error: await column.getByTestId('column-error').textContent({ timeout: 1_000 }).catch(() => null),
        answerChars: ((await column.getByTestId('column-answer').textContent({ timeout: 1_000 }).catch(() => '')) ?? '').length,
      }),
    );
    await column.getByTestId('version-previous').click();
    await column.getByTestId('column-earlier-version').waitFor();
    await expect.poll(() => label.textContent()).toBe(`Version ${versionsBefore} of ${versionsBefore + 1}`);
    // The earlier version shows its own cost; the newest's badge is not left in the header to pass for it.
    await expect.poll(() => column.getByTestId('column-credits').count()).toBe(0);
    await saveViewportScreenshot(page, `history-continued-versions-${name}`);
    await column.getByTestId('version-next').click();
    await column.getByTestId('column-credits').waitFor();
    expect(problems).toEqual([]);
    await close();
  }, testLimit(60_000));

  it(`runs a prompt again with its web search, brand monitoring and AI Overview country and language (${viewName(view)})`, async () => {
    const { page, problems, close } = await openSignedIn(view);
    const modal = await openDetails(page, SETTINGS);
    // The details show each answer's brand result.
    const brandResults = modal.getByTestId('history-brand-result');
    await expect.poll(() => brandResults.count()).toBe(2);
    await expect.poll(() => brandResults.first().textContent()).toContain(`${BRAND.brandName}:`);
    await saveViewportScreenshot(page, `history-brand-details-${name}`);
    await modal.getByTestId('run-again-button').click();
    await page.getByTestId('comparison-query-input').waitFor();
    await expect.poll(() => page.getByTestId('comparison-query-input').inputValue()).toBe(SETTINGS);
    await expect.poll(() => page.getByTestId('web-search-toggle').isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('brand-monitoring-toggle').isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('brand-monitoring-badge').textContent()).toBe('Active');
    await saveViewportScreenshot(page, `history-run-again-${name}`);

    const overview = await openDetails(page, OVERVIEW);
    await overview.getByTestId('run-again-button').click();
    await page.getByTestId('ai-overview-settings').waitFor();
    await expect.poll(() => page.getByTestId('ai-overview-country').inputValue()).toBe('de');
    await expect.poll(() => page.getByTestId('ai-overview-language').inputValue()).toBe('de');
    await expect.poll(() => page.getByTestId('web-search-toggle').isChecked()).toBe(false);
    await saveViewportScreenshot(page, `history-run-again-overview-${name}`);
    expect(problems).toEqual([]);
    await close();
  }, testLimit(60_000));

  it(`searches, deletes and loads past the first 20 (${viewName(view)})`, async () => {
    const { page, problems, close } = await openSignedIn(view);
    const list = await sidebar(page);
    // Show All reaches the older requests, a page at a time.
    await list.getByTestId('show-all-requests').click();
    await list.getByTestId('load-more-requests').click();
    await groupItem(page, 'Archived question 22').waitFor({ timeout: underLoad(15_000) });
    await expect.poll(() => list.getByTestId('load-more-requests').count()).toBe(0);

    await list.getByTestId('history-search').fill('archived question 1');
    // "1", "10" to "19": eleven matches, found by the server.
    await expect.poll(() => list.getByTestId('recent-request').count(), { timeout: underLoad(10_000) }).toBe(11);
    await saveViewportScreenshot(page, `history-search-${name}`);

    const target = `Delete me at ${viewName(view).replace(' ', ' ')}`;
    await list.getByTestId('history-search').fill(target);
    await expect.poll(() => list.getByTestId('recent-request').count(), { timeout: underLoad(10_000) }).toBe(1);
    const modal = await openDetails(page, target);
    // Red in both schemes: Mantine's subtle red alone turns near-white on the dark background.
    const [red, green] = await modal.getByTestId('delete-request').evaluate((button) => getComputedStyle(button).color.match(/\d+/g)!.map(Number));
    expect(red! - green!).toBeGreaterThan(80);
    await modal.getByTestId('delete-request').click();
    // The confirmation, and if it does not come, what the modal showed instead (once it waited 120 s on a loaded
    // machine with no word of why).
    await orSayWhatWasSeen(
      modal.getByTestId('delete-confirm-button').waitFor({ timeout: underLoad(15_000) }),
      'Delete did not ask to confirm',
      async () => ({
        dialogs: await page.getByRole('dialog').count(),
        deleteButtons: await modal.getByTestId('delete-request').count(),
        confirmations: await modal.getByTestId('delete-confirm').count(),
        problems,
      }),
    );
    await modal.getByTestId('delete-confirm-button').click();
    await modal.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => list.getByTestId('recent-requests-empty').textContent(), { timeout: underLoad(10_000) }).toContain('No requests match');
    const response = await fetch(`${stack.baseUrl}/api/user-requests?search=${encodeURIComponent(target)}`, { headers: { cookie: payer.cookie } });
    expect(((await response.json()) as { data: { total: number } }).data.total).toBe(0);
    expect(problems).toEqual([]);
    await close();
  }, testLimit(60_000));
});
