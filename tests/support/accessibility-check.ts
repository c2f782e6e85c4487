import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Runs axe-core on the page as it is now and returns the serious and critical violations, each as
 * `rule: target, target…`, so a failing assertion says what to fix and where.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
