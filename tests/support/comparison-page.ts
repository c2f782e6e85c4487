import type { Locator, Page } from 'playwright-core';
import { underLoad } from './load-scaled-timeout.ts';

/** The three models the conversation tests compare, as the checklist names them, and their ids. */
export const COMPARED_MODEL_LABELS = ['OpenAI - GPT-4o mini', 'DeepSeek - DeepSeek Chat', 'Groq - Llama 3.1 8B'];
export const COMPARED_MODEL_IDS = ['gpt-4o-mini', 'deepseek-chat', 'llama-3.1-8b-instant'];

/** A model's column in the comparison workspace, found by the model id it carries. */
export const comparisonColumn = (page: Page, model: string): Locator => page.locator(`[data-testid="comparison-column"][data-model="${model}"]`);

/** Switches to the comparison view, ticks exactly the models labelled, and asks `question`. */
export async function askComparison(page: Page, labels: readonly string[], question: string): Promise<void> {
  await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
  await page.getByTestId('clear-all').click();
  for (const label of labels) await page.getByRole('checkbox', { name: label, exact: true }).check();
  await page.getByTestId('comparison-query-input').fill(question);
  await page.getByTestId('compare-button').click();
}

/** Opens the comparison view, ticks exactly the three conversation models and asks `question`. */
export const startComparison = (page: Page, question: string): Promise<void> => askComparison(page, COMPARED_MODEL_LABELS, question);

/** Waits until every compared model's column has its answer. */
export async function allColumnsDone(page: Page): Promise<void> {
  for (const model of COMPARED_MODEL_IDS) await comparisonColumn(page, model).and(page.locator('[data-state="done"]')).waitFor({ timeout: underLoad(20_000) });
}
