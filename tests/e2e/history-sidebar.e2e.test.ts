import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, PHONE_VIEWPORT, saveScreenshot, type OpenedPage } from '../support/browser-page.ts';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';
import type { TestStack } from '../support/test-stack.ts';

/**
 * The signed-in user's sidebar and history modal on a real stack: history made through the real API (single
 * questions, a repeat, a failure, a comparison), then read back the way a person sees it.
 */

interface StoredRequest {
  id: string;
  query: string;
  status: string;
  errorMessage: string | null;
  createdAt: string;
}

const REPEATED = 'What does a quorum need to decide?';
const FAILING = 'Will this one fail? [[simulate status=400]]';
const COMPARED = 'Which is better for a quick summary?';
const CHEAP_COUNT = 17;
const COMPARED_MODELS = [
  { engine: 'openai', model: 'gpt-4o-mini' },
  { engine: 'deepseek', model: 'deepseek-chat' },
];

let browser: Browser;
let stack: TestStack;
/** The stored requests, newest first, as the API lists them. */
let stored: StoredRequest[];

async function askAll(): Promise<void> {
  // Oldest first: seventeen distinct cheap questions, so the list outgrows the fifteen shown by default.
  for (let index = 1; index <= CHEAP_COUNT; index += 1) {
    const answer = await stack.ask({ ...SEARCH_BODY, query: `Cheap question number ${index}` });
    expect(answer.events.at(-1)?.event).toBe('end');
  }
  for (const query of [REPEATED, REPEATED]) expect((await stack.ask({ ...SEARCH_BODY, query })).events.at(-1)?.event).toBe('end');
  expect((await stack.ask({ ...SEARCH_BODY, query: FAILING })).events.at(-1)?.event).toBe('error');
  const comparison = await stack.ask({ query: COMPARED, models: COMPARED_MODELS, searchEnabled: false }, { path: '/api/compare/stream' });
  expect(comparison.events.at(-1)?.event).toBe('all_complete');
}

async function readHistory(): Promise<StoredRequest[]> {
  const response = await fetch(`${stack.baseUrl}/api/user-requests?limit=100`, { headers: { cookie: stack.fundedCookie } });
  const body = (await response.json()) as { data: { requests: StoredRequest[] } };
  return body.data.requests;
}

const storedFor = (query: string) => stored.filter((request) => request.query === query);

function groupItem(page: Page, query: string): Locator {
  return page.getByTestId('recent-request').filter({ has: page.getByTestId('request-query').getByText(query, { exact: true }) });
}

/** Whether any of it is inside the viewport (a collapsed drawer is moved off-screen, not hidden). */
async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.width > 0 && box.x + box.width > 1 && box.x < width;
}

async function openSignedIn(options: { path?: string; viewport?: { width: number; height: number } } = {}): Promise<OpenedPage> {
  const opened = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, ...options });
  await opened.page.getByTestId('recent-request').first().waitFor({ timeout: underLoad(15_000) });
  return opened;
}

async function openDetails(page: Page, query: string): Promise<Locator> {
  await groupItem(page, query).click();
  const modal = page.getByTestId('request-details-modal');
  await modal.getByRole('dialog').waitFor({ state: 'visible' });
  return modal;
}

browserStackForFile((started) => ({ browser, stack } = started));

beforeAll(async () => {
  await askAll();
  stored = await readHistory();
  expect(stored).toHaveLength(CHEAP_COUNT + 4);
}, testLimit(180_000));

describe('the sidebar’s Recent Requests', () => {
  it('groups identical requests and shows each group’s kind, status, repeat count, query and credits', async () => {
    const { page, problems, close } = await openSignedIn();
    const sidebar = page.getByTestId('sidebar');
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    for (const name of ['Dashboard', 'Brand mentions', 'Help & Support']) {
      await expect.poll(() => sidebar.getByRole('link', { name }).count()).toBe(1);
    }
    // Buy Credits opens the purchase dialog (payments are off on this stack, and the dialog says so).
    await sidebar.getByRole('button', { name: 'Buy Credits' }).click();
    await page.getByRole('dialog', { name: 'Payment Unavailable' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Payment Unavailable' }).waitFor({ state: 'detached' });
    await expect.poll(() => sidebar.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');

    // Newest first: the comparison, the failure, the repeated question, then the cheap ones.
    const items = page.getByTestId('recent-request');
    await expect.poll(() => items.count()).toBe(15);
    const firstThree = await items.evaluateAll((nodes) =>
      nodes.slice(0, 3).map((node) => node.querySelector('[data-testid="request-query"]')?.textContent),
    );
    expect(firstThree).toEqual([COMPARED, FAILING, REPEATED]);

    const comparison = groupItem(page, COMPARED);
    await expect.poll(() => comparison.getByTestId('request-kind').textContent()).toBe('Comparison');
    await expect.poll(() => comparison.getByTestId('request-status-dot').getAttribute('data-colour')).toBe('green');
    await expect.poll(() => comparison.getByTestId('request-repeat-count').count()).toBe(0);
    await expect.poll(() => comparison.getByTestId('request-credits').textContent()).toBe('12 credits');

    const failing = groupItem(page, FAILING);
    await expect.poll(() => failing.getByTestId('request-kind').textContent()).toBe('Single');
    await expect.poll(() => failing.getByTestId('request-status-dot').getAttribute('data-colour')).toBe('red');
    await expect.poll(() => failing.getByTestId('request-credits').textContent()).toBe('0 credits');

    const repeated = groupItem(page, REPEATED);
    await expect.poll(() => repeated.getByTestId('request-kind').textContent()).toBe('Single');
    await expect.poll(() => repeated.getByTestId('request-status-dot').getAttribute('data-colour')).toBe('green');
    await expect.poll(() => repeated.getByTestId('request-repeat-count').textContent()).toBe('×2');
    await expect.poll(() => repeated.getByTestId('request-credits').textContent()).toBe('12 credits');
    await expect.poll(() => groupItem(page, 'Cheap question number 17').getByTestId('request-credits').textContent()).toBe('6 credits');

    // Away from Settings, so its tooltip does not cover the picture.
    await page.mouse.move(900, 600);
    await page.getByText('Settings — coming soon').waitFor({ state: 'hidden' });
    await saveScreenshot(page, 'sidebar');
    expect(problems).toEqual([]);
    await close();
  });

  it('asks for the 20 most recent requests, shows 15 groups until Show All, and all of them until Show Less', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/user-requests')) asked.push(new URL(request.url()).search);
    });
    // Again, now that the page's calls are being watched.
    await page.reload();
    const items = page.getByTestId('recent-request');
    const toggle = page.getByTestId('show-all-requests');
    await expect.poll(() => items.count(), { timeout: underLoad(15_000) }).toBe(15);
    // Every call asks for 20 (the page loaded before the reload may still be answering its own when watching starts).
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set(['?limit=20']));
    // The oldest questions are the ones left out.
    await expect.poll(() => groupItem(page, 'Cheap question number 2').count()).toBe(0);
    await expect.poll(() => toggle.textContent()).toBe('Show All');
    await toggle.click();
    // The 20 newest requests: the comparison, the failure, the repeated question twice, and sixteen cheap ones.
    await expect.poll(() => items.count()).toBe(CHEAP_COUNT + 2);
    await expect.poll(() => groupItem(page, 'Cheap question number 2').count()).toBe(1);
    // The 21st request, the oldest, is not among them.
    await expect.poll(() => groupItem(page, 'Cheap question number 1').count()).toBe(0);
    // The list scrolls inside the sidebar: the last group can be scrolled into view and opened.
    await groupItem(page, 'Cheap question number 2').scrollIntoViewIfNeeded();
    await expect.poll(() => groupItem(page, 'Cheap question number 2').isVisible()).toBe(true);
    await expect.poll(() => toggle.textContent()).toBe('Show Less');
    await toggle.click();
    await expect.poll(() => items.count()).toBe(15);
    await close();
  });
});

describe('the request details modal', () => {
  it('has a tab per repeat, newest first and selected, with the query, answer and details', async () => {
    const { page, problems, close } = await openSignedIn();
    const modal = await openDetails(page, REPEATED);
    // A single answer is named after its model, never called a comparison.
    await expect.poll(() => modal.getByRole('dialog', { name: 'Answer from GPT-4o mini' }).count()).toBe(1);
    await expect.poll(() => modal.getByText('Request Comparison').count()).toBe(0);
    const tabs = modal.getByTestId('request-tab');
    await expect.poll(() => tabs.count()).toBe(2);
    await expect.poll(() => tabs.first().getAttribute('aria-selected')).toBe('true');
    for (const dot of await modal.getByTestId('request-tab').getByTestId('request-status-dot').all()) {
      await expect.poll(() => dot.getAttribute('data-colour')).toBe('green');
    }
    const [newest, older] = storedFor(REPEATED);
    const panel = modal.getByRole('tabpanel');
    await expect.poll(() => panel.getByTestId('request-query').textContent()).toBe(REPEATED);
    expect(((await panel.getByTestId('request-answer').textContent()) ?? '').length).toBeGreaterThan(20);
    await expect.poll(() => panel.getByTestId('detail-status').textContent()).toBe('Completed');
    await expect.poll(() => panel.getByTestId('detail-web-search').textContent()).toBe('No');
    await expect.poll(() => panel.getByTestId('detail-credits').textContent()).toBe('6 credits');
    await expect.poll(() => panel.getByTestId('detail-request-id').textContent()).toBe(newest!.id.slice(0, 8));
    await expect.poll(() => panel.getByTestId('detail-completed').textContent()).not.toBe('—');

    await tabs.nth(1).click();
    await expect.poll(() => modal.getByRole('tabpanel').getByTestId('detail-request-id').textContent()).toBe(older!.id.slice(0, 8));

    await modal.getByRole('button', { name: 'Close', exact: true }).first().click();
    await modal.getByRole('dialog').waitFor({ state: 'detached' });
    // Opening it again starts at the first tab.
    const reopened = await openDetails(page, REPEATED);
    await expect.poll(() => reopened.getByTestId('request-tab').first().getAttribute('aria-selected')).toBe('true');
    await saveScreenshot(page, 'details-modal');
    expect(problems).toEqual([]);
    await close();
  });

  it('shows a failed request’s error with a red dot', async () => {
    const { page, close } = await openSignedIn();
    const modal = await openDetails(page, FAILING);
    const [failed] = storedFor(FAILING);
    expect(failed!.status).toBe('error');
    await expect.poll(() => modal.getByTestId('request-tab').getByTestId('request-status-dot').getAttribute('data-colour')).toBe('red');
    await expect.poll(() => modal.getByTestId('request-error').textContent()).toBe(`Error: ${failed!.errorMessage}`);
    await expect.poll(() => modal.getByTestId('detail-status').textContent()).toBe('Error');
    await expect.poll(() => modal.getByTestId('detail-credits').textContent()).toBe('0 credits');
    await close();
  });

  it('shows a comparison as one section per model with its credits', async () => {
    const { page, close } = await openSignedIn();
    const modal = await openDetails(page, COMPARED);
    await expect.poll(() => modal.getByRole('dialog', { name: /^Request Comparison/ }).count()).toBe(1);
    await expect.poll(() => modal.getByTestId('request-details-models').textContent()).toBe('2 models');
    const sections = modal.getByTestId('comparison-result');
    await expect.poll(() => sections.count()).toBe(2);
    // Each model by the names people read, never the stored ids.
    await expect.poll(() => sections.nth(0).getByTestId('comparison-result-model').textContent()).toBe('OpenAI - GPT-4o mini');
    await expect.poll(() => sections.nth(0).textContent()).toContain('6 credits');
    await expect.poll(() => sections.nth(1).getByTestId('comparison-result-model').textContent()).toBe('DeepSeek - DeepSeek Chat');
    await expect.poll(() => modal.getByTestId('detail-credits').textContent()).toBe('12 credits');
    await close();
  });
});

describe('Run this prompt again', () => {
  it('goes to the home page and puts a single request’s query into the single view', async () => {
    const { page, close } = await openSignedIn({ path: '/help-support' });
    const modal = await openDetails(page, REPEATED);
    await modal.getByTestId('run-again-button').click();
    await modal.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByTestId('query-input').inputValue(), { timeout: underLoad(10_000) }).toBe(REPEATED);
    await close();
  });

  it('switches to comparison mode and pre-fills a comparison’s query', async () => {
    const { page, close } = await openSignedIn();
    const modal = await openDetails(page, COMPARED);
    await modal.getByTestId('run-again-button').click();
    await modal.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('comparison-query-input').inputValue(), { timeout: underLoad(10_000) }).toBe(COMPARED);
    await close();
  });
});

describe('on a phone', () => {
  it('keeps the sidebar in a drawer that the burger opens, and Escape or run again closes it', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport: PHONE_VIEWPORT });
    const sidebar = page.getByTestId('sidebar');
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await burger.waitFor({ state: 'visible' });
    expect(await onScreen(page, sidebar)).toBe(false);
    // Escape closes the drawer, like any dialog.
    await burger.click();
    await expect.poll(() => onScreen(page, sidebar)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => onScreen(page, sidebar)).toBe(false);
    await burger.click();
    await expect.poll(() => onScreen(page, sidebar)).toBe(true);
    await groupItem(page, REPEATED).waitFor({ state: 'visible' });
    await expect.poll(() => groupItem(page, REPEATED).getByTestId('request-repeat-count').textContent()).toBe('×2');
    await saveScreenshot(page, 'sidebar');

    const modal = await openDetails(page, COMPARED);
    await expect.poll(() => modal.getByTestId('comparison-result').count()).toBe(2);
    await saveScreenshot(page, 'details-modal');
    await modal.getByTestId('run-again-button').click();
    await modal.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => onScreen(page, sidebar)).toBe(false);
    expect(problems).toEqual([]);
    await close();
  });
});
