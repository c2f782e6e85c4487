import type { Locator, Page } from 'playwright-core';

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
