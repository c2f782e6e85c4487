import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { underLoad } from '../support/load-scaled-timeout.ts';

/**
 * Stop on a real stack: a stopped answer or column says Stopped, keeps its text, costs nothing and offers no Retry,
 * while the other columns finish and are charged. And a single answer shows the facts a column shows: its linked
 * sources, time to first token, duration and tokens. Each answer to be stopped is held part-way at a simulator gate
 * nobody opens (`hold-after`), so it is still streaming when Stop is pressed, however slow the machine.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

/** The funded user's balance, as the API reports it. */
async function balance(): Promise<number> {
  const response = await fetch(`${stack.baseUrl}/api/credits`, { headers: { cookie: stack.fundedCookie } });
  const body = (await response.json()) as { data: { user: { creditsRemaining: number } } };
  return body.data.user.creditsRemaining;
}

/** Waits until the balance has stopped moving (holds captured or released), then reads it. */
async function settledBalance(): Promise<number> {
  let previous = await balance();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const current = await balance();
    if (current === previous) return current;
    previous = current;
  }
}

function column(page: Page, model: string): Locator {
  return page.locator(`[data-testid="comparison-column"][data-model="${model}"]`);
}

async function openComparison(): Promise<Awaited<ReturnType<typeof openPage>>> {
  const opened = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
  await opened.page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
  await opened.page.getByTestId('comparison-query-input').waitFor();
  return opened;
}

async function selectModels(page: Page, labels: readonly string[]): Promise<void> {
  await page.getByTestId('clear-all').click();
  for (const label of labels) await page.getByRole('checkbox', { name: label, exact: true }).check();
}

describe('Stop in a comparison', () => {
  it('stops the slow column alone: it says Stopped and costs nothing, the others finish and are charged', async () => {
    const { page, problems, close } = await openComparison();
    await selectModels(page, ['OpenAI - GPT-4o mini', 'Anthropic - Claude 3.5 Haiku', 'Groq - Llama 3.1 8B']);
    await page
      .getByTestId('comparison-query-input')
      .fill(
        'Which sorting algorithm is best? [[simulate for=haiku chunks=120 hold-after=30 gate=1]] [[simulate for=gpt-4o-mini first-token-ms=1500 chunks=20 chunk-ms=60]] [[simulate for=llama chunks=20 chunk-ms=60]]',
      );
    const before = await settledBalance();
    await page.getByTestId('compare-button').click();

    const slow = column(page, 'claude-3-5-haiku-20241022');
    await expect.poll(() => slow.getAttribute('data-state'), { timeout: underLoad(15_000) }).toBe('streaming');
    await expect.poll(() => page.getByTestId('stop-all').isVisible()).toBe(true);
    await slow.getByTestId('column-stop').click();

    await expect.poll(() => slow.getAttribute('data-state'), { timeout: underLoad(10_000) }).toBe('stopped');
    await expect.poll(() => slow.getByTestId('column-status').textContent()).toBe('Stopped');
    await expect.poll(() => slow.getByTestId('column-credits').textContent()).toBe('0 credits');
    await expect.poll(() => slow.getByTestId('column-retry').count()).toBe(0);
    expect(((await slow.getByTestId('column-answer').textContent()) ?? '').length).toBeGreaterThan(0);

    // The others were not stopped with it.
    await page.getByTestId('new-comparison').waitFor({ timeout: underLoad(20_000) });
    await expect.poll(() => column(page, 'gpt-4o-mini').getAttribute('data-state')).toBe('done');
    await expect.poll(() => column(page, 'llama-3.1-8b-instant').getAttribute('data-state')).toBe('done');
    await expect.poll(() => page.getByTestId('stop-all').count()).toBe(0);
    // 6 + 2: the stopped model's 6 are never charged.
    await expect.poll(() => page.getByTestId('total-credits').textContent()).toBe('Total credits used: 8 credits');
    expect(before - (await settledBalance())).toBe(8);
    await expect.poll(async () => Number(((await page.getByTestId('credit-count').getAttribute('aria-label')) ?? '').split(' ')[0]!.replaceAll(',', '')), { timeout: underLoad(15_000) }).toBe(before - 8);

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(DESKTOP_VIEWPORT);
      await saveScreenshot(page, `comparison-stopped-${scheme}`);
      await page.setViewportSize(PHONE_VIEWPORT);
      await saveScreenshot(page, `comparison-stopped-${scheme}`);
    }
    expect(problems).toEqual([]);
    await close();
  });

  it('Stop all stops every column still answering and charges nothing for them', async () => {
    const { page, problems, close } = await openComparison();
    await selectModels(page, ['OpenAI - GPT-4o mini', 'Groq - Llama 3.1 8B']);
    await page.getByTestId('comparison-query-input').fill('Explain stopping [[simulate chunks=120 hold-after=30 gate=2]]');
    const before = await settledBalance();
    await page.getByTestId('compare-button').click();
    await expect.poll(() => column(page, 'gpt-4o-mini').getAttribute('data-state'), { timeout: underLoad(15_000) }).toBe('streaming');
    await expect.poll(() => column(page, 'llama-3.1-8b-instant').getAttribute('data-state'), { timeout: underLoad(15_000) }).toBe('streaming');
    await page.getByTestId('stop-all').click();

    await page.getByTestId('new-comparison').waitFor({ timeout: underLoad(15_000) });
    for (const model of ['gpt-4o-mini', 'llama-3.1-8b-instant']) {
      await expect.poll(() => column(page, model).getAttribute('data-state')).toBe('stopped');
      await expect.poll(() => column(page, model).getByTestId('column-credits').textContent()).toBe('0 credits');
    }
    await expect.poll(() => page.getByTestId('total-credits').textContent()).toBe('Total credits used: 0 credits');
    expect(await settledBalance()).toBe(before);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('Stop on a single answer', () => {
  it('says Stopped, keeps the text so far, offers New Search but no Try Again, and charges nothing', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    await page.getByTestId('query-input').fill('Tell me a long story [[simulate chunks=120 hold-after=30 gate=3]]');
    const before = await settledBalance();
    await page.getByTestId('ask-button').click();
    await expect.poll(async () => ((await page.getByTestId('answer').textContent()) ?? '').length, { timeout: underLoad(10_000) }).toBeGreaterThan(10);
    await page.getByTestId('stop-button').click();

    await page.getByTestId('answer-stopped').waitFor({ timeout: underLoad(10_000) });
    await expect.poll(() => page.getByTestId('answer-panel').getAttribute('data-state')).toBe('stopped');
    await expect.poll(() => page.getByTestId('credits-used').textContent()).toBe('0 credits used');
    expect(((await page.getByTestId('answer').textContent()) ?? '').length).toBeGreaterThan(10);
    await expect.poll(() => page.getByTestId('error-panel').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('ask-button').textContent()).not.toContain('Thinking...');
    expect(await settledBalance()).toBe(before);

    // New Search clears the stopped answer and brings the defaults back.
    await page.getByTestId('new-search-button').click();
    await expect.poll(() => page.getByTestId('answer').count()).toBe(0);
    await expect.poll(() => page.getByTestId('query-input').inputValue()).toBe('');
    expect(problems).toEqual([]);
    await close();
  });

  it('Clear during an answer stops it too: nothing is charged', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    await page.getByTestId('query-input').fill('Another long story [[simulate chunks=120 hold-after=30 gate=4]]');
    const before = await settledBalance();
    await page.getByTestId('ask-button').click();
    await page.getByTestId('stop-button').waitFor({ timeout: underLoad(10_000) });
    await page.getByRole('button', { name: 'Clear results' }).click();
    await expect.poll(() => page.getByTestId('answer').count()).toBe(0);
    // The run was stopped on the server, not left to finish and charge.
    await expect
      .poll(async () => {
        const rows = await stack.records().getConnection().execute<{ status: string }[]>(
          "select r.status from model_runs r join search_requests q on q.id = r.request_id where q.query like 'Another long story%'",
        );
        // One run, and it has ended (stopped) rather than still answering.
        return rows.length === 1 && !['queued', 'running'].includes(rows[0]!.status) ? rows[0]!.status : 'open';
      }, { timeout: underLoad(10_000) })
      .not.toBe('open');
    expect(await settledBalance()).toBe(before);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('the facts of a single answer', () => {
  it('shows linked sources, time to first token, duration and tokens for a web-search answer', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    await page.getByTestId('web-search-toggle').check({ force: true });
    await page.getByTestId('query-input').fill('How do tides work? [[simulate first-token-ms=300 chunks=12 chunk-ms=20]]');
    await page.getByTestId('ask-button').click();
    await page.getByTestId('new-search-button').waitFor({ timeout: underLoad(20_000) });

    const links = page.getByTestId('answer-sources').getByTestId('answer-source');
    await links.first().waitFor();
    await expect.poll(() => links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) {
      await expect.poll(() => link.getAttribute('href')).toMatch(/^https?:\/\//);
      await expect.poll(() => link.getAttribute('target')).toBe('_blank');
      await expect.poll(() => link.getAttribute('rel')).toContain('noopener');
      expect(((await link.textContent()) ?? '').trim().length).toBeGreaterThan(0);
    }
    await expect.poll(() => page.getByTestId('answer-timing').textContent()).toMatch(/^First token \d+\.\d s · \d+\.\d s total$/);
    // GPT-4o mini reports its cached input (none on a first question) but does not reason.
    await expect.poll(() => page.getByTestId('answer-tokens').textContent()).toMatch(/^[\d,]+ in · 0 cached · [\d,]+ out tokens$/);
    await expect.poll(() => page.getByTestId('credits-used').textContent()).toBe('8 credits used');

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(DESKTOP_VIEWPORT);
      await saveScreenshot(page, `single-answer-facts-${scheme}`);
      await page.setViewportSize(PHONE_VIEWPORT);
      await saveScreenshot(page, `single-answer-facts-${scheme}`);
    }
    expect(problems).toEqual([]);
    await close();
  });
});
