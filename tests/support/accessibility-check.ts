import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Runs axe-core on the page once its transitions have settled and returns the serious and critical violations, each as
 * `rule: target, target…`, so a failing assertion says what to fix and where. `within` limits it to the parts a
 * feature adds (selectors), where the rest of the page has tests of its own.
 */
export async function seriousAccessibilityViolations(page: Page, within: readonly string[] = []): Promise<string[]> {
  // Colours read mid-transition (a scheme just switched, a dialog fading in) are neither scheme's real colours.
  await transitionsSettled(page);
  // Only violations are read: axe then reports one node for each rule that passed or was not applicable, instead of
  // every node on the page, which made each call serialise and send megabytes for a long page.
  const builder = axeIn(page).options({ resultTypes: ['violations'] });
  for (const selector of within) builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Waits until the page's finite CSS transitions and animations have ended (a colour scheme just switched, a dialog
 * opening): axe would read the colours of something half-faded. Endless ones (spinners) are not waited for.
 */
export async function transitionsSettled(page: Page): Promise<void> {
  // Two frames first: a change of scheme starts its transitions only once the browser has restyled the page.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * axe for one page, run inside that page (the library's legacy mode): every axe check in the browser tests starts
 * here. The default opens a second, blank page for every call to merge the frames' partial results, which made a
 * call three times as slow (1.2–1.6 s against 0.4 s on the pricing page, with the same violations found); what
 * legacy mode gives up is checking cross-origin frames, and the app has none.
 */
export function axeIn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}
