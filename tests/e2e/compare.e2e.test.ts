import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { releaseWhenHeld } from '../support/held-answers.ts';
import type { TestStack } from '../support/test-stack.ts';
import { underLoad } from '../support/load-scaled-timeout.ts';

/**
 * The comparison view on a real stack (server, worker, provider simulator): every model streams into its own column
 * at its own pace, a failing model fails alone, a reload mid-comparison resumes over the live socket, and the
 * checklist's presets, Select All / Clear All and validation behave as the product describes.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

async function openComparison(viewport = DESKTOP_VIEWPORT) {
  const opened = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport });
  await opened.page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
  await opened.page.getByTestId('comparison-query-input').waitFor();
  return opened;
}

function checkbox(page: Page, label: string): Locator {
  return page.getByRole('checkbox', { name: label, exact: true });
}

async function selectModels(page: Page, labels: readonly string[]): Promise<void> {
  await page.getByTestId('clear-all').click();
  for (const label of labels) await checkbox(page, label).check();
}

function column(page: Page, model: string): Locator {
  return page.locator(`[data-testid="comparison-column"][data-model="${model}"]`);
}

const stateOf = (page: Page, model: string) => column(page, model).getAttribute('data-state');

/** The model ids whose checkboxes are ticked. */
async function checkedLabels(page: Page): Promise<string[]> {
  return page.getByRole('checkbox', { checked: true }).evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') ?? ''));
}

async function storedAnswer(model: string): Promise<string> {
  const [row] = await stack.records().getConnection().execute<{ answer_text: string }[]>(
    "select answer_text from model_runs where model = ? and status = 'completed' order by completed_at desc limit 1",
    [model],
  );
  return row!.answer_text;
}

/** The top bar's credit count, read from its label ("1,000,150 credits remaining"). */
async function creditCount(page: Page): Promise<number> {
  await page.getByTestId('credit-count').waitFor();
  const label = (await page.getByTestId('credit-count').getAttribute('aria-label')) ?? '';
  return Number(label.split(' ')[0]!.replaceAll(',', ''));
}

/** Words of a stored markdown answer, as they read once rendered. */
const wordsOf = (markdown: string): string[] => markdown.replace(/[*#_`>-]/g, ' ').split(/\s+/).filter(Boolean);

/**
 * Waits until a finished column shows its stored answer: every word of it, once. The column's text is a deferred
 * render behind its state, so on a busy machine "done" can be drawn a render before the final words are.
 */
async function columnShowsStoredAnswer(page: Page, model: string): Promise<void> {
  const stored = await storedAnswer(model);
  const missing = async (): Promise<string[]> => {
    const shown = (await column(page, model).getByTestId('column-answer').textContent()) ?? '';
    return wordsOf(stored).filter((word) => !shown.includes(word));
  };
  await expect.poll(missing, { timeout: underLoad(10_000), message: `${model}: words of the stored answer not on screen` }).toEqual([]);
  const shown = (await column(page, model).getByTestId('column-answer').textContent()) ?? '';
  // Replayed from the start or replaced by the final response, not appended to a half: the text is there once.
  expect(shown.length).toBeLessThan(stored.length * 1.2);
}

describe('comparing three models', () => {
  it('streams each model at its own pace, shows a failure in its own column, and adds up the credits', async () => {
    const { page, problems, close } = await openComparison();
    await selectModels(page, ['OpenAI - GPT-4o mini', 'Anthropic - Claude 3.5 Haiku', 'Google Gemini - Gemini 2.5 Flash']);
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('3 selected');
    // 6 + 6 + 8 credits.
    await expect.poll(() => page.getByTestId('cost-badge').textContent()).toBe('Cost: 20 credits');
    await page
      .getByTestId('comparison-query-input')
      .fill(
        'Which sorting algorithm is best? [[simulate for=gpt-4o-mini first-token-ms=500 chunks=6 chunk-ms=20]] [[simulate for=haiku chunks=60 chunk-ms=80]] [[simulate for=gemini status=400]]',
      );
    const creditsBefore = await creditCount(page);
    await page.getByTestId('compare-button').click();
    await expect.poll(() => page.getByTestId('compare-button').textContent()).toBe('Thinking...');
    // Every column is there at once, thinking until its first words arrive.
    await expect.poll(() => page.getByTestId('comparison-column').count()).toBe(3);
    await column(page, 'gpt-4o-mini').getByTestId('column-thinking').waitFor();
    await expect.poll(() => page.getByTestId('total-credits').textContent()).toBe('Total credits used: 0 credits');

    // The fast model is done while the slow one is still streaming: nobody waits for anybody.
    await expect.poll(() => stateOf(page, 'gpt-4o-mini'), { timeout: underLoad(15_000) }).toBe('done');
    await expect.poll(() => stateOf(page, 'claude-3-5-haiku-20241022'), { timeout: underLoad(15_000) }).toBe('streaming');
    expect(await stateOf(page, 'gpt-4o-mini')).toBe('done');
    await expect.poll(() => page.getByTestId('compare-button').textContent()).toBe('Thinking...');
    await expect.poll(() => page.getByTestId('new-comparison').count()).toBe(0);
    const partial = (await column(page, 'claude-3-5-haiku-20241022').getByTestId('column-answer').textContent()) ?? '';
    expect(partial.length).toBeGreaterThan(0);
    await saveScreenshot(page, 'comparison-streaming');

    // The failing model shows its own error, with no Retry for a request the provider rejected.
    await expect.poll(() => stateOf(page, 'gemini-2.5-flash'), { timeout: underLoad(15_000) }).toBe('error');
    const failed = column(page, 'gemini-2.5-flash');
    await expect.poll(() => failed.getByTestId('column-error').textContent()).toContain('The model provider could not answer this request.');
    await expect.poll(() => failed.getByTestId('column-retry').count()).toBe(0);
    await expect.poll(() => failed.getByTestId('column-credits').textContent()).toBe('0 credits');

    await expect.poll(() => stateOf(page, 'claude-3-5-haiku-20241022'), { timeout: underLoad(20_000) }).toBe('done');
    await page.getByTestId('new-comparison').waitFor();
    await expect.poll(() => page.getByTestId('compare-button').textContent()).toBe('Compare');
    await expect.poll(() => column(page, 'gpt-4o-mini').getByTestId('column-credits').textContent()).toBe('6 credits');
    await expect.poll(() => column(page, 'claude-3-5-haiku-20241022').getByTestId('column-credits').textContent()).toBe('6 credits');
    await expect.poll(() => page.getByTestId('total-credits').textContent()).toBe('Total credits used: 12 credits');
    await expect.poll(() => page.getByTestId('finished-count').textContent()).toBe('3 of 3 finished');
    await expect.poll(() => column(page, 'gpt-4o-mini').getByTestId('answer-timing').textContent()).toMatch(/^First token \d+\.\d s · \d+\.\d s total$/);
    await expect.poll(() => column(page, 'gpt-4o-mini').getByTestId('answer-speed').textContent()).toMatch(/^[\d,]+ tokens\/s$/);
    // The economics line names who began first, finished first and cost least (both answers cost 6: a tie).
    await expect.poll(() => page.getByTestId('comparison-economics').textContent()).toMatch(
      /^First to answer: .+ \(\d+\.\d s\) · First to finish: .+ \(\d+\.\d s\) · Cheapest: GPT-4o mini and Claude 3\.5 Haiku \(6 credits\)$/,
    );
    // Hiding the figures hides them everywhere they show, and the choice outlives a reload.
    await page.getByTestId('show-figures').click();
    await expect.poll(() => page.getByTestId('answer-timing').count()).toBe(0);
    await expect.poll(() => page.getByTestId('comparison-economics').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('quorum.showFigures'))).toBe('false');
    await page.getByTestId('show-figures').click();
    await page.getByTestId('comparison-economics').waitFor();

    // The final response replaced the streamed text: every word of the stored answer is on screen, once.
    await columnShowsStoredAnswer(page, 'claude-3-5-haiku-20241022');

    // The credit count refreshes after the comparison: 12 fewer.
    await expect.poll(() => creditCount(page), { timeout: underLoad(15_000) }).toBe(creditsBefore - 12);
    // And the sidebar lists the new comparison.
    await page.getByTestId('recent-request').filter({ hasText: 'Which sorting algorithm is best?' }).first().waitFor({ timeout: underLoad(10_000) });

    await saveScreenshot(page, 'comparison-finished');
    await page.setViewportSize(PHONE_VIEWPORT);
    await saveScreenshot(page, 'comparison-finished');

    // New Comparison clears the results and the question, and keeps the models.
    await page.getByTestId('new-comparison').click();
    await expect.poll(() => page.getByTestId('comparison-column').count()).toBe(0);
    await expect.poll(() => page.getByTestId('comparison-query-input').inputValue()).toBe('');
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('3 selected');
    expect(problems).toEqual([]);
    await close();
  });

  it('retries a column whose model was busy, on its own, and counts its credits', async () => {
    const { page, problems, close } = await openComparison();
    await selectModels(page, ['OpenAI - GPT-4o mini', 'Anthropic - Claude 3.5 Haiku']);
    await page.getByTestId('comparison-query-input').fill('Is this model busy? [[simulate for=haiku status=429 fail-times=1]]');
    await page.getByTestId('compare-button').click();
    await page.getByTestId('new-comparison').waitFor({ timeout: underLoad(20_000) });

    const busy = column(page, 'claude-3-5-haiku-20241022');
    await expect.poll(() => busy.getAttribute('data-state')).toBe('error');
    await expect.poll(() => busy.getByTestId('column-error').textContent()).toContain('The model provider is busy right now');
    await expect.poll(() => page.getByTestId('total-credits').textContent()).toBe('Total credits used: 6 credits');

    await busy.getByTestId('column-retry').click();
    await expect.poll(() => busy.getAttribute('data-state'), { timeout: underLoad(20_000) }).toBe('done');
    await expect.poll(() => busy.getByTestId('column-credits').textContent()).toBe('6 credits');
    await expect.poll(() => column(page, 'gpt-4o-mini').getAttribute('data-state')).toBe('done');
    await expect.poll(() => page.getByTestId('total-credits').textContent()).toBe('Total credits used: 12 credits');
    expect(problems).toEqual([]);
    await close();
  });
});

describe('a column’s own settings and token figures', () => {
  it('shows cached and reasoning tokens, sets a column’s system prompt and temperature for the next turn, and says what a model refuses', async () => {
    const { page, problems, close } = await openComparison();
    await selectModels(page, ['OpenAI - o3-mini', 'Anthropic - Claude 3.5 Haiku']);
    // Before asking, each picked model's settings are one click away.
    const picked = page.getByTestId('picked-model-settings');
    await expect.poll(() => picked.getByTestId('picked-model-settings-button').allTextContents()).toEqual(['o3-mini', 'Claude 3.5 Haiku']);
    await picked.locator('[data-model="o3-mini"]').click();
    const before = page.getByRole('dialog', { name: 'o3-mini settings' });
    await before.getByTestId('column-system-prompt').fill('Think in steps.');
    await before.getByTestId('column-settings-save').click();
    await before.waitFor({ state: 'detached' });
    await expect.poll(() => picked.locator('[data-model="o3-mini"]').textContent()).toBe('o3-mini · System prompt');
    await saveScreenshot(page, 'comparison-picked-model-settings');

    const question = 'Why is the sea salty? [[simulate chunks=6 chunk-ms=5]]';
    await page.getByTestId('comparison-query-input').fill(question);
    await page.getByTestId('compare-button').click();
    await page.getByTestId('new-comparison').waitFor({ timeout: underLoad(20_000) });
    const firstSent = (model: string) => stack.simulator.requests.findLast((request) => request.model === model && request.lastUserMessage.includes('Why is the sea salty?'))!;
    expect(firstSent('o3-mini').systemPrompt).toBe('Think in steps.');
    expect(firstSent('claude-3-5-haiku-20241022').systemPrompt).toBeUndefined();

    // A reasoning model reports its thinking (twice its six pieces, inside the output); nothing is cached on a first question.
    const reasoner = column(page, 'o3-mini');
    const claude = column(page, 'claude-3-5-haiku-20241022');
    await expect.poll(() => reasoner.getByTestId('answer-tokens').textContent()).toMatch(/^[\d,]+ in · 0 cached · 12 reasoning · 18 out tokens$/);
    await expect.poll(() => claude.getByTestId('answer-tokens').textContent()).toMatch(/^[\d,]+ in · 0 cached · 6 out tokens$/);
    await expect.poll(() => claude.getByTestId('column-settings-summary').count()).toBe(0);
    await expect.poll(() => reasoner.getByTestId('column-settings-summary').textContent()).toBe('System prompt');

    // o3-mini takes a system prompt but no temperature, and its settings say so.
    await reasoner.getByTestId('column-settings').click();
    const dialog = page.getByRole('dialog', { name: 'o3-mini settings' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('column-temperature').isDisabled()).toBe(true);
    await expect.poll(() => dialog.textContent()).toContain('o3-mini does not accept a temperature');
    await expect.poll(() => dialog.getByTestId('column-system-prompt').isDisabled()).toBe(false);
    await expect.poll(() => dialog.getByTestId('column-system-prompt').inputValue()).toBe('Think in steps.');
    await saveViewportScreenshot(page, 'column-settings-refused');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Claude takes both, within 0 to 1: set them for its next turn.
    await claude.getByTestId('column-settings').click();
    const claudeDialog = page.getByRole('dialog', { name: 'Claude 3.5 Haiku settings' });
    await claudeDialog.getByTestId('column-system-prompt').fill('Answer like a ship captain.');
    await expect.poll(() => claudeDialog.getByTestId('column-system-prompt-count').textContent()).toBe('27 / 2,000');
    await claudeDialog.getByTestId('column-temperature').fill('0.3');
    await expect.poll(() => claudeDialog.textContent()).toContain('From 0 to 1');
    await saveViewportScreenshot(page, 'column-settings');
    await claudeDialog.getByTestId('column-settings-save').click();
    await claudeDialog.waitFor({ state: 'detached' });
    await expect.poll(() => claude.getByTestId('column-settings-summary').textContent()).toBe('Temperature 0.3 · System prompt');

    // The follow-up asks Claude with them, o3-mini as before; each provider serves the first turn from its cache.
    const followUp = 'And why are lakes not? [[simulate chunks=6 chunk-ms=5]]';
    await page.getByTestId('follow-up-input').fill(followUp);
    await page.getByTestId('follow-up-button').click();
    await claude.getByTestId('column-current-question').waitFor();
    await expect.poll(() => page.getByTestId('finished-count').textContent(), { timeout: underLoad(20_000) }).toBe('2 of 2 finished');
    await page.getByTestId('new-comparison').waitFor({ timeout: underLoad(20_000) });
    const sent = (model: string) => stack.simulator.requests.findLast((request) => request.model === model && request.lastUserMessage.includes('And why are lakes not?'))!;
    expect(sent('claude-3-5-haiku-20241022')).toMatchObject({ systemPrompt: 'Answer like a ship captain.', temperature: 0.3 });
    expect(sent('o3-mini').systemPrompt).toBe('Think in steps.');
    expect(sent('o3-mini').temperature).toBeUndefined();
    const cachedOf = async (locator: Locator) => Number(/· ([\d,]+) cached/.exec((await locator.getByTestId('answer-tokens').textContent()) ?? '')?.[1]?.replaceAll(',', ''));
    await expect.poll(() => cachedOf(claude)).toBeGreaterThan(6);
    await expect.poll(() => cachedOf(reasoner)).toBeGreaterThan(6);
    await expect.poll(() => reasoner.getByTestId('answer-tokens').textContent()).toContain('12 reasoning · 18 out tokens');

    await saveScreenshot(page, 'comparison-token-figures');
    await page.setViewportSize(PHONE_VIEWPORT);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'comparison-token-figures');
    await claude.getByTestId('column-settings').click();
    await page.getByRole('dialog', { name: 'Claude 3.5 Haiku settings' }).getByTestId('column-temperature').waitFor();
    await expect.poll(() => page.getByRole('dialog', { name: 'Claude 3.5 Haiku settings' }).getByTestId('column-temperature').inputValue()).toBe('0.3');
    await saveViewportScreenshot(page, 'column-settings');
    await page.keyboard.press('Escape');

    // Hiding the figures hides the token line with the rest.
    await page.getByTestId('show-figures').click();
    await expect.poll(() => page.getByTestId('answer-tokens').count()).toBe(0);
    await page.getByTestId('show-figures').click();
    expect(problems).toEqual([]);
    await close();
  });
});

describe('Run this prompt again', () => {
  it('puts a past comparison’s question and models back into the form', async () => {
    const query = 'Which database for a small team?';
    const past = await stack.ask(
      { query, models: [{ engine: 'deepseek', model: 'deepseek-chat' }, { engine: 'groq', model: 'gemma2-9b-it' }], searchEnabled: false },
      { path: '/api/compare/stream' },
    );
    expect(past.events.at(-1)?.event).toBe('all_complete');

    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    await page.getByTestId('recent-request').filter({ hasText: query }).first().click();
    const modal = page.getByTestId('request-details-modal');
    await modal.getByTestId('run-again-button').click();
    await modal.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('comparison-query-input').inputValue(), { timeout: underLoad(10_000) }).toBe(query);
    expect((await checkedLabels(page)).sort()).toEqual(['DeepSeek - DeepSeek Chat', 'Groq - Gemma 2 9B']);
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('2 selected');
    expect(problems).toEqual([]);
    await close();
  });
});

describe('a comparison that outlives the page', () => {
  it('comes back after a reload mid-comparison and finishes every column', async () => {
    const { page, problems, close } = await openComparison();
    await selectModels(page, ['OpenAI - GPT-4o mini', 'Groq - Llama 3.1 8B']);
    // Both answers wait part-way until the test lets them go on, so they are certainly still answering across the
    // reload, however slow the machine.
    const gate = 1;
    await page.getByTestId('comparison-query-input').fill(`Explain resumable comparisons [[simulate for=gpt-4o-mini chunks=50 hold-after=15 gate=${gate}]] [[simulate for=llama chunks=30 hold-after=10 gate=${gate}]]`);
    await page.getByTestId('compare-button').click();
    await expect
      .poll(async () => ((await column(page, 'gpt-4o-mini').getByTestId('column-answer').textContent()) ?? '').length, { timeout: underLoad(10_000) })
      .toBeGreaterThan(10);

    await page.reload();
    await page.getByTestId('startup-loader').waitFor({ state: 'detached' });
    // The comparison view reopens with the same question, models and columns, and follows the answers to the end.
    await page.getByTestId('comparison-query-input').waitFor();
    await expect.poll(() => page.getByTestId('comparison-query-input').inputValue()).toContain('Explain resumable comparisons');
    await expect.poll(() => page.getByTestId('comparison-column').count()).toBe(2);
    expect((await checkedLabels(page)).sort()).toEqual(['Groq - Llama 3.1 8B', 'OpenAI - GPT-4o mini']);
    await expect.poll(() => page.getByTestId('compare-button').textContent()).toBe('Thinking...');

    await releaseWhenHeld(stack.simulator, gate, 2);
    await page.getByTestId('new-comparison').waitFor({ timeout: underLoad(20_000) });
    for (const model of ['gpt-4o-mini', 'llama-3.1-8b-instant']) {
      expect(await stateOf(page, model)).toBe('done');
      await columnShowsStoredAnswer(page, model);
    }
    await expect.poll(() => page.getByTestId('total-credits').textContent()).toBe('Total credits used: 8 credits');

    // Once finished, a further reload starts afresh in single mode.
    await page.reload();
    await page.getByTestId('startup-loader').waitFor({ state: 'detached' });
    await page.getByTestId('query-input').waitFor();
    await expect.poll(() => page.getByTestId('comparison-column').count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('the model checklist', () => {
  it('groups models by provider with their prices, filters them, and adds up the cost as they are ticked', async () => {
    const { page, close } = await openComparison();
    await page.getByTestId('clear-all').click();
    const groups = page.getByTestId('model-group');
    await expect.poll(() => groups.count()).toBeGreaterThanOrEqual(6);
    await expect.poll(() => page.getByRole('group', { name: 'OpenAI', exact: true }).getByRole('checkbox').count()).toBeGreaterThan(3);
    await page.getByTestId('model-filter').fill('claude');
    await expect.poll(() => groups.count()).toBe(1);
    await expect.poll(() => page.getByRole('group', { name: 'Anthropic', exact: true }).isVisible()).toBe(true);
    await page.getByTestId('model-filter').press('Enter');
    // Enter filters; it does not send the (empty) comparison.
    await expect.poll(() => page.getByTestId('comparison-models-error').count()).toBe(0);
    await checkbox(page, 'Anthropic - Claude 3.5 Haiku').check();
    await expect.poll(() => page.getByTestId('selected-cost').textContent()).toBe('6 credits');
    await page.getByTestId('model-filter').fill('gpt-4o mini');
    await checkbox(page, 'OpenAI - GPT-4o mini').check();
    await expect.poll(() => page.getByTestId('selected-cost').textContent()).toBe('12 credits');
    await page.getByTestId('model-filter').fill('nothing like this');
    await expect.poll(() => page.getByTestId('model-filter-empty').textContent()).toBe('No model matches “nothing like this”.');
    await close();
  });

  it('selects presets, all and none, and reports missing models and query in the product’s words', async () => {
    const { page, problems, close } = await openComparison();
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('0 selected');
    await expect.poll(() => page.getByTestId('cost-badge').textContent()).toBe('Cost: 0 credits');

    // Nothing picked, nothing asked: both problems show, and nothing is sent.
    await page.getByTestId('compare-button').click();
    await expect.poll(() => page.getByTestId('comparison-models-error').textContent()).toBe('Please select at least one model to compare');
    await expect.poll(() => page.getByText('Please enter a query', { exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('comparison-column').count()).toBe(0);

    await page.getByTestId('preset-popular').click();
    expect((await checkedLabels(page)).sort()).toEqual(['Anthropic - Claude Sonnet 4', 'Google Gemini - Gemini 2.5 Flash', 'OpenAI - GPT-4o'].sort());
    await expect.poll(() => page.getByTestId('comparison-models-error').count()).toBe(0);
    await expect.poll(() => page.getByTestId('cost-badge').textContent()).toBe('Cost: 32 credits');

    await page.getByTestId('preset-fast').click();
    expect((await checkedLabels(page)).sort()).toEqual(
      ['Anthropic - Claude 3.5 Haiku', 'Google Gemini - Gemini 2.5 Flash', 'Groq - Llama 3.1 8B', 'OpenAI - GPT-4o mini'].sort(),
    );

    await page.getByTestId('preset-premium').click();
    expect((await checkedLabels(page)).sort()).toEqual(
      [
        'Anthropic - Claude 3 Opus',
        'Anthropic - Claude Opus 4.1',
        'Google Gemini - Gemini 2.5 Pro',
        'OpenAI - GPT-4.1',
        'OpenAI - GPT-5',
        'OpenAI - o3-mini',
      ].sort(),
    );
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('6 selected');

    // Select All stops at the ten models one comparison may ask, and says so; Clear All takes the message away.
    await expect.poll(() => page.getByRole('checkbox').count()).toBeGreaterThan(10);
    await page.getByTestId('select-all').click();
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('10 selected');
    await expect.poll(() => page.getByTestId('comparison-cap-message').textContent()).toContain('You can compare at most 10 models at once');
    await page.getByTestId('clear-all').click();
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('0 selected');
    await expect.poll(() => page.getByTestId('comparison-cap-message').count()).toBe(0);

    // Web search needs every selected model to support it.
    await selectModels(page, ['OpenAI - GPT-4o', 'Anthropic - Claude Sonnet 4']);
    await expect.poll(() => page.getByTestId('web-search-badge').textContent()).toBe('Not Supported');
    await expect.poll(() => page.getByTestId('web-search-setting').textContent()).toContain("Selected models don't support web search");
    await selectModels(page, ['OpenAI - GPT-4o', 'Google Gemini - Gemini 2.5 Flash']);
    await page.getByTestId('web-search-toggle').check({ force: true });
    // (12 + 2) + (8 + 2).
    await expect.poll(() => page.getByTestId('cost-badge').textContent()).toBe('Cost: 24 credits');

    await page.getByTestId('comparison-query-input').fill('How do tides work?');
    await saveScreenshot(page, 'home-comparison');

    // The AI Overview engine brings its country and language settings.
    await expect.poll(() => page.getByTestId('ai-overview-settings').count()).toBe(0);
    await checkbox(page, 'Google AI Overview - AI Overview').check();
    await page.getByTestId('ai-overview-settings').waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('fits a phone', async () => {
    const { page, problems, close } = await openComparison(PHONE_VIEWPORT);
    await page.getByTestId('preset-popular').click();
    await page.getByTestId('comparison-query-input').fill('How do tides work?');
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'home-comparison');
    expect(problems).toEqual([]);
    await close();
  });
});

describe('a guest', () => {
  it('is invited to register instead of comparing', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl);
    await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
    const locked = page.getByTestId('comparison-locked');
    await locked.waitFor();
    await expect.poll(() => locked.textContent()).toContain('Register for free to unlock this feature.');
    await expect.poll(() => page.getByTestId('comparison-query-input').count()).toBe(0);
    await locked.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('dialog').waitFor();
    await expect.poll(() => page.getByRole('tab', { name: 'Sign Up', selected: true }).count()).toBe(1);
    expect(problems).toEqual([]);
    await close();
  });
});
