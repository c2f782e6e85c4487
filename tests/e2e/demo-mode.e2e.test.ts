import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logging/create-logger.ts';
import { generateDeterministicAnswer } from '../../simulator/deterministic-answer.ts';
import { startWorkerProcess, type RunningWorkerProcess } from '../../worker/worker-process.ts';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { comparisonColumn } from '../support/comparison-page.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';
import type { TestStack } from '../support/test-stack.ts';

/**
 * Demo mode shows what the product does, though no real model answers: the built-in simulator follows a column's
 * system prompt and temperature where a person can see it, words a question asked again a little differently (so
 * "Compare with the run of …" has something to show), discusses the brand a question names, and the answer's
 * "First token" is the wait the person had, not the worker's own share of it.
 *
 * The stack starts without its worker, so the first test can hold a question in the queue; it starts one itself.
 */

let browser: Browser;
let stack: TestStack;
let worker: RunningWorkerProcess | undefined;

browserStackForFile((started) => ({ browser, stack } = started), { withWorker: false, environment: { DEMO_MODE: 'on', SIMULATOR_CHUNK_DELAY_MS: '5' } });
// Registered after the stack's, so the worker a test started stops before the stack it works for.
afterAll(async () => {
  await worker?.close(500);
});

const startWorker = async () => {
  worker ??= await startWorkerProcess(stack.config, createLogger(stack.config, 'worker'));
};

/** How long the newest run has existed, by Postgres's clock. */
async function newestRunAgeMs(): Promise<number> {
  const rows = await stack.records().execute<{ age: string | null }[]>(`select extract(epoch from clock_timestamp() - max(created_at)) * 1000 as age from model_runs`);
  return Number(rows[0]?.age ?? 0);
}

const words = (text: string) => text.split(/\s+/).filter((word) => word !== '');

/** Screenshots and an axe check at phone and desktop width, light and dark. */
async function lookAt(page: Page, name: string) {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await saveScreenshot(page, `${name}-${colorScheme}`);
      expect(await seriousAccessibilityViolations(page), `${name} ${colorScheme} ${viewport.width}`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(DESKTOP_VIEWPORT);
}

describe('demo mode', () => {
  it('shows as "First token" the wait the person had, a wait for a worker included, never 0.0 s', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    await page.getByTestId('demo-banner').waitFor();
    await page.getByTestId('query-input').fill('How do bees make honey?');
    // The browser's own clock: from the press of Ask to the first words on screen.
    await page.evaluate(() => {
      const seen = { askedAt: performance.now(), firstTextAt: -1 };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver((_, observer) => {
        if ((document.querySelector('[data-testid="answer"]')?.textContent ?? '').trim() === '') return;
        seen.firstTextAt = performance.now();
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByTestId('ask-button').click();
    // No worker yet: the question waits in the queue, as it would behind a busy one.
    await expect.poll(newestRunAgeMs, { timeout: underLoad(15_000) }).toBeGreaterThanOrEqual(600);
    await startWorker();

    const timing = page.getByTestId('answer-timing');
    await timing.waitFor({ timeout: underLoad(30_000) });
    const seen = await page.evaluate(() => (window as unknown as { seen: { askedAt: number; firstTextAt: number } }).seen);
    const waitedSeconds = (seen.firstTextAt - seen.askedAt) / 1000;
    const shown = /^First token (\d+\.\d) s · (\d+\.\d) s total$/.exec((await timing.textContent()) ?? '');
    expect(shown, 'the timing line').not.toBeNull();
    const firstTokenSeconds = Number(shown![1]);
    expect(waitedSeconds).toBeGreaterThanOrEqual(0.6);
    expect(firstTokenSeconds).toBeGreaterThanOrEqual(0.6);
    // Never more than the browser saw (rounded to a tenth): Quorum accepted the question after the press.
    expect(firstTokenSeconds).toBeLessThanOrEqual(waitedSeconds + 0.05);
    expect(Number(shown![2])).toBeGreaterThanOrEqual(firstTokenSeconds);
    expect(problems).toEqual([]);
    await close();
  }, testLimit(90_000));

  it('follows a column’s system prompt and temperature where a person can see it', async () => {
    await startWorker();
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
    await page.getByTestId('clear-all').click();
    for (const label of ['OpenAI - GPT-4o mini', 'DeepSeek - DeepSeek Chat', 'Groq - Llama 3.1 8B']) await page.getByRole('checkbox', { name: label, exact: true }).check();
    const picked = page.getByTestId('picked-model-settings');
    const settings = async (model: string, name: string, change: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => {
      await picked.locator(`[data-model="${model}"]`).click();
      const dialog = page.getByRole('dialog', { name: `${name} settings` });
      await change(dialog);
      await dialog.getByTestId('column-settings-save').click();
      await dialog.waitFor({ state: 'detached' });
    };
    await settings('gpt-4o-mini', 'GPT-4o mini', (dialog) => dialog.getByTestId('column-system-prompt').fill('Answer in French.'));
    await settings('llama-3.1-8b-instant', 'Llama 3.1 8B', (dialog) => dialog.getByTestId('column-system-prompt').fill('You are a pirate.'));
    await settings('deepseek-chat', 'DeepSeek Chat', (dialog) => dialog.getByTestId('column-temperature').fill('2'));

    const question = 'Why do cats purr so much?';
    await page.getByTestId('comparison-query-input').fill(question);
    await page.getByTestId('compare-button').click();
    for (const model of ['gpt-4o-mini', 'deepseek-chat', 'llama-3.1-8b-instant']) {
      await comparisonColumn(page, model).and(page.locator('[data-state="done"]')).waitFor({ timeout: underLoad(20_000) });
    }
    const answerOf = async (model: string) => (await comparisonColumn(page, model).getByTestId('column-answer').textContent()) ?? '';
    await expect.poll(() => answerOf('gpt-4o-mini')).toContain('sur “Why do cats purr so much?”');
    await expect.poll(() => answerOf('gpt-4o-mini')).toMatch(/\b(Voici|Reprenons|En bref|Bonne question)\b/);
    await expect.poll(() => answerOf('llama-3.1-8b-instant')).toMatch(/\b(Arr|Ahoy|matey|Aye)\b/);
    // At temperature 2 the same answer says many of its words more boldly than the model's default would.
    const plain = generateDeterministicAnswer({ prompt: question, model: 'deepseek-chat', pieceCount: 40 }).text;
    const plainWords = new Set(words(plain.replaceAll('**', '')));
    const bolder = async () => words(await answerOf('deepseek-chat')).filter((word) => !plainWords.has(word)).length;
    await expect.poll(bolder).toBeGreaterThanOrEqual(3);
    await lookAt(page, 'demo-mode-column-settings');
    expect(problems).toEqual([]);
    await close();
  }, testLimit(120_000));

  it('words a question asked again a little differently, so comparing with the earlier run shows what changed', async () => {
    await startWorker();
    const models = [
      { engine: 'openai', model: 'gpt-4o-mini' },
      { engine: 'deepseek', model: 'deepseek-chat' },
    ];
    const query = 'How do ocean tides work?';
    for (let asking = 0; asking < 2; asking += 1) {
      const comparison = await stack.ask({ query, models, searchEnabled: false }, { path: '/api/compare/stream' });
      expect(comparison.events.at(-1)?.event).toBe('all_complete');
    }
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    await page
      .getByTestId('recent-request')
      .filter({ has: page.getByTestId('request-query').getByText(query, { exact: true }) })
      .click({ timeout: underLoad(15_000) });
    const modal = page.getByTestId('request-details-modal');
    await modal.getByRole('dialog').waitFor({ state: 'visible' });
    await modal.getByTestId('show-differences').click();
    await expect.poll(() => modal.getByTestId('run-difference').count(), { timeout: underLoad(10_000) }).toBe(2);
    const badges = await modal.getByTestId('run-difference-badge').allTextContents();
    // A little: most words stay, some change.
    for (const badge of badges) expect(Number(/^(\d{1,2})% of words kept$/.exec(badge)?.[1])).toBeGreaterThanOrEqual(40);
    await expect.poll(() => modal.getByTestId('run-difference').locator('del, ins').count()).toBeGreaterThan(0);
    await lookAt(page, 'demo-mode-run-differences');
    expect(problems).toEqual([]);
    await close();
  }, testLimit(120_000));

  it('discusses the brand a question names, so brand monitoring finds it', async () => {
    await startWorker();
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    await page.getByTestId('brand-monitoring-toggle').check({ force: true });
    await page.getByTestId('brand-config-panel').waitFor();
    await page.getByTestId('brand-name-input').fill('Acmeflux');
    await page.getByTestId('brand-competitor-input').fill('Zentrovia');
    await page.getByTestId('brand-competitor-input').press('Enter');
    await expect.poll(() => page.getByTestId('brand-competitor-list').textContent()).toContain('Zentrovia');
    await page.getByTestId('query-input').fill('Is Acmeflux a good CRM tool for a small team, or is Zentrovia better?');
    await page.getByTestId('ask-button').click();
    const summary = page.getByTestId('brand-summary');
    await summary.waitFor({ timeout: underLoad(20_000) });
    const answer = (await page.getByTestId('answer').textContent()) ?? '';
    expect(answer).toContain('Acmeflux');
    expect(answer).toContain('Zentrovia');
    await expect.poll(() => summary.getByTestId('brand-mentioned').textContent()).toBe('Mentioned');
    await expect.poll(() => summary.getByTestId('brand-rank').textContent()).toMatch(/^#[1-5]$/);
    await lookAt(page, 'demo-mode-brand');
    expect(problems).toEqual([]);
    await close();
  }, testLimit(120_000));
});
