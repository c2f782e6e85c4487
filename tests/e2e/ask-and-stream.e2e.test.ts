import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { launchChromium } from '../support/chromium.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function openHome(stack: TestStack): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(stack.baseUrl);
  await page.getByTestId('query-input').waitFor();
  return { page, problems };
}

describe('asking a question in the browser', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('shows the answer streaming in before it is finished, then the stored answer', async () => {
    const { page, problems } = await openHome(stack);
    // The health check handed the page an anonymous session id; the question must carry it back.
    const storedId = await expect
      .poll(() => page.evaluate(() => localStorage.getItem('quorum.anonymousSessionId')))
      .toMatch(/^[0-9a-f-]{36}$/)
      .then(() => page.evaluate(() => localStorage.getItem('quorum.anonymousSessionId')));
    const searchRequest = page.waitForRequest((request) => request.url().endsWith('/api/search/stream'));
    await page.getByTestId('query-input').fill('How do streams work? [[simulate chunks=80 chunk-ms=40]]');
    await page.getByTestId('ask-button').click();
    expect((await searchRequest).headers()['x-session-id']).toBe(storedId);

    await expect.poll(() => page.getByTestId('ask-button').textContent()).toContain('Thinking...');
    // Mid-stream: some text is on screen while the streaming indicator still shows.
    await page.getByTestId('streaming-indicator').waitFor({ state: 'visible' });
    await expect.poll(async () => ((await page.getByTestId('answer').textContent()) ?? '').length, { timeout: 10_000 }).toBeGreaterThan(20);
    const partial = (await page.getByTestId('answer').textContent()) ?? '';
    expect(await page.getByTestId('streaming-indicator').isVisible()).toBe(true);

    await page.getByTestId('streaming-indicator').waitFor({ state: 'hidden', timeout: 20_000 });
    const final = (await page.getByTestId('answer').textContent()) ?? '';
    expect(final.length).toBeGreaterThan(partial.length);

    const [run] = await stack.records().find(ModelRun, { status: 'completed' });
    expect(run).toBeDefined();
    // The page renders markdown; every word of the stored answer must be on screen.
    const words = run!.answerText!.replace(/[*#_`>-]/g, ' ').split(/\s+/).filter(Boolean);
    for (const word of words) expect(final).toContain(word);
    await expect.poll(() => page.getByTestId('ask-button').textContent()).not.toContain('Thinking...');
    expect(await page.getByTestId('demo-banner').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a provider failure in the error panel with Try Again', async () => {
    const { page } = await openHome(stack);
    await page.getByTestId('query-input').fill('Are you busy? [[simulate status=429]]');
    await page.getByTestId('ask-button').click();
    const panel = page.getByTestId('error-panel');
    await panel.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await panel.textContent()).toContain('The model provider is busy right now');
    expect(await panel.getByRole('button', { name: 'Try Again' }).count()).toBe(1);
    // New Search is offered after an error too, and starts over.
    await page.getByTestId('new-search-button').click();
    expect(await page.getByTestId('error-panel').count()).toBe(0);
    expect(await page.getByTestId('query-input').inputValue()).toBe('');
    await page.close();
  });

  it('refuses an empty question without calling the server', async () => {
    const { page } = await openHome(stack);
    expect(await page.getByTestId('ask-button').isDisabled()).toBe(true);
    await page.close();
  });
});

describe('demo mode', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ environment: { DEMO_MODE: 'on', SIMULATOR_CHUNK_DELAY_MS: '5' } });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('says so on the page and answers from the built-in simulator', async () => {
    const { page } = await openHome(stack);
    await page.getByTestId('demo-banner').waitFor({ state: 'visible' });
    expect(await page.getByTestId('demo-banner').textContent()).toContain('Demo mode');
    await page.getByTestId('query-input').fill('Does demo mode answer?');
    await page.getByTestId('ask-button').click();
    await page.getByTestId('streaming-indicator').waitFor({ state: 'hidden', timeout: 20_000 });
    await expect.poll(async () => ((await page.getByTestId('answer').textContent()) ?? '').length).toBeGreaterThan(50);
    // The test's own simulator was not asked: the worker's built-in one answered.
    expect(stack.simulator.requests).toHaveLength(0);
    await page.close();
  });
});
