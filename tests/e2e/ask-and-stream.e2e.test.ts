import type { Browser, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { DESKTOP_VIEWPORT } from '../support/browser-page.ts';
import { browserForFile, stackForBlock } from '../support/browser-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';
import type { TestStack } from '../support/test-stack.ts';

let browser: Browser;

browserForFile((launched) => (browser = launched));

/** Waits for what the page shows, as long as this machine needs now (`quietMs` on a quiet one). */
const poll = <T>(probe: () => Promise<T>, quietMs = 10_000) => expect.poll(probe, { timeout: underLoad(quietMs) });

interface OpenedHome {
  page: Page;
  problems: string[];
  /** How many of the page's calls to the API have not been answered yet. */
  apiCallsPending(): number;
}

async function openHome(stack: TestStack): Promise<OpenedHome> {
  // The cookie question stays open (its banner floats over the bottom of the window); at this size Ask sits above it.
  const page = await browser.newPage({ viewport: DESKTOP_VIEWPORT });
  page.setDefaultTimeout(underLoad(30_000));
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const pending = new Set<Request>();
  const settled = (request: Request) => pending.delete(request);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) pending.add(request);
  });
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  await page.goto(stack.baseUrl);
  await page.getByTestId('query-input').waitFor();
  return { page, problems, apiCallsPending: () => pending.size };
}

describe('asking a question in the browser', () => {
  let stack: TestStack;

  stackForBlock((started) => (stack = started));

  it('shows the answer streaming in before it is finished, then the stored answer', { timeout: testLimit(60_000) }, async () => {
    const { page, problems, apiCallsPending } = await openHome(stack);
    // The server gives every call that comes without an anonymous session id a new one, and the page keeps the last
    // to come back: its first calls go out together, so which one it keeps is settled once they have all answered.
    // The question must carry that id back.
    let storedId: string | null = null;
    await poll(async () => {
      storedId = apiCallsPending() === 0 ? await page.evaluate(() => localStorage.getItem('quorum.anonymousSessionId')) : null;
      return storedId;
    }).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByTestId('query-input').fill('How do streams work? [[simulate chunks=80 chunk-ms=40]]');
    await poll(() => page.getByTestId('ask-button').isEnabled()).toBe(true);
    // Listening for the question before Ask is clicked, and for as long as this machine needs.
    const [searchRequest] = await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/api/search/stream'), { timeout: underLoad(30_000) }),
      page.getByTestId('ask-button').click(),
    ]);
    expect(searchRequest.headers()['x-session-id']).toBe(storedId);

    await poll(() => page.getByTestId('ask-button').textContent()).toContain('Thinking...');
    // Mid-stream: some text is on screen while the streaming indicator still shows, read together in one look.
    let partial = '';
    await poll(async () => {
      const seen = await page.evaluate(() => ({
        text: document.querySelector('[data-testid="answer"]')?.textContent ?? '',
        streaming: document.querySelector('[data-testid="streaming-indicator"]')?.checkVisibility() ?? false,
      }));
      if (seen.streaming) partial = seen.text;
      return { someText: seen.text.length > 20, streaming: seen.streaming };
    }).toEqual({ someText: true, streaming: true });

    await page.getByTestId('streaming-indicator').waitFor({ state: 'hidden', timeout: underLoad(20_000) });
    let runs: ModelRun[] = [];
    await poll(async () => (runs = await stack.records().find(ModelRun, { status: 'completed' })).length).toBeGreaterThan(0);
    const [run] = runs;
    // The page renders markdown; every word of the stored answer must come to be on screen, more than was there mid-stream.
    const words = run!.answerText!.replace(/[*#_`>-]/g, ' ').split(/\s+/).filter(Boolean);
    let final = '';
    await poll(async () => {
      final = (await page.getByTestId('answer').textContent()) ?? '';
      return words.filter((word) => !final.includes(word));
    }).toEqual([]);
    expect(final.length).toBeGreaterThan(partial.length);
    await poll(() => page.getByTestId('ask-button').textContent()).not.toContain('Thinking...');
    await expect.poll(() => page.getByTestId('demo-banner').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a provider failure in the error panel with Try Again', async () => {
    const { page } = await openHome(stack);
    await page.getByTestId('query-input').fill('Are you busy? [[simulate status=429]]');
    await page.getByTestId('ask-button').click();
    const panel = page.getByTestId('error-panel');
    await panel.waitFor({ state: 'visible', timeout: underLoad(10_000) });
    await poll(() => panel.textContent()).toContain('The model provider is busy right now');
    await poll(() => panel.getByRole('button', { name: 'Try Again' }).count()).toBe(1);
    // New Search is offered after an error too, and starts over.
    await page.getByTestId('new-search-button').click();
    await poll(() => page.getByTestId('error-panel').count()).toBe(0);
    await poll(() => page.getByTestId('query-input').inputValue()).toBe('');
    await page.close();
  });

  it('refuses an empty question without calling the server', async () => {
    const { page } = await openHome(stack);
    // Ask is off too until the price and the credits are known; once they are (and cover it), only the empty
    // question keeps it off.
    await page.getByTestId('cost-badge').waitFor();
    await poll(() => page.getByTestId('affordability').count()).toBe(0);
    await expect.poll(() => page.getByTestId('ask-button').isDisabled()).toBe(true);
    await page.close();
  });
});

describe('demo mode', () => {
  let stack: TestStack;

  stackForBlock((started) => (stack = started), { environment: { DEMO_MODE: 'on', SIMULATOR_CHUNK_DELAY_MS: '5' } });

  it('says so on the page and answers from the built-in simulator', async () => {
    const { page } = await openHome(stack);
    await page.getByTestId('demo-banner').waitFor({ state: 'visible' });
    await poll(() => page.getByTestId('demo-banner').textContent()).toContain('Demo mode');
    await page.getByTestId('query-input').fill('Does demo mode answer?');
    await page.getByTestId('ask-button').click();
    // Answered and finished: text on screen and the streaming indicator gone, read together in one look (right after
    // the click, before the answer has begun, the indicator is not there either).
    await poll(
      () =>
        page.evaluate(() => ({
          answered: (document.querySelector('[data-testid="answer"]')?.textContent ?? '').length > 50,
          streaming: document.querySelector('[data-testid="streaming-indicator"]')?.checkVisibility() ?? false,
        })),
      20_000,
    ).toEqual({ answered: true, streaming: false });
    // The test's own simulator was not asked: the worker's built-in one answered.
    expect(stack.simulator.requests).toHaveLength(0);
    await page.close();
  });
});
