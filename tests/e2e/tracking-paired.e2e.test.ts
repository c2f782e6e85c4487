import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { trackingCalls } from '../support/tracking-page.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * The paired figures on the dashboard, and the samples table and a fixed temperature on the form, at 390 and 1440 px with axe. Two runs a
 * "day" (20 s) apart ask the same prompts and models; between them the set's brand becomes one the answers never
 * name, so every naming cell is lost.
 */

const DAY_MS = 20_000;
let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started), { environment: { TRACKING_DAY_MS: String(DAY_MS) } });
const { api, completedRuns } = trackingCalls(() => stack);


async function atBothWidths(page: Page, name: string, check: () => Promise<void>): Promise<void> {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    await transitionsSettled(page);
    await check();
    // Nothing wider than the phone's screen: the table scrolls inside its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${viewport.width}`).toBeLessThanOrEqual(viewport.width);
    await saveScreenshot(page, `${name}-${viewport.width}`);
    expect(await seriousAccessibilityViolations(page), `${name} ${viewport.width}`).toEqual([]);
  }
}

describe('paired figures and the samples table', () => {
  it('shows the cells lost and gained with their p-value, and what each number of samples buys', { timeout: testLimit(240_000) }, async () => {
    const { set } = await api('POST', '/api/tracking/sets', {
      name: 'Running shoes',
      brand: { brandName: 'Acmeflux', competitors: [] },
      // Each naming prompt's only word of four letters or more is the brand: the simulated answers repeat it.
      prompts: ['Acmeflux', 'Acmeflux now', 'Acmeflux for me', 'Which trail running shoes last longest'],
      models: [
        { engine: 'openai', model: 'gpt-4o-mini' },
        { engine: 'deepseek', model: 'deepseek-chat' },
      ],
      cadence: 'daily',
      samplesPerCell: 1,
      alertMinReadings: 1,
    });
    await completedRuns(set.id, 1);
    await stack.records().execute(`update tracking_runs set slot_start = slot_start - make_interval(secs => ?) where set_id = ?`, [DAY_MS / 1000, set.id]);
    await api('PATCH', `/api/tracking/sets/${set.id}`, { status: 'active', brand: { brandName: 'Vexnor', competitors: [] } });
    await completedRuns(set.id, 2);

    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, path: '/tracking' });
    const paired = page.getByTestId('paired-comparison');
    await paired.waitFor({ timeout: underLoad(15_000) });
    await expect.poll(() => page.getByTestId('paired-counts').textContent()).toContain('mentioned before and not after in 6 cells, the reverse in 0');
    await expect.poll(() => page.getByTestId('paired-counts').textContent()).toContain('on the 8 prompt-and-model cells read in both');
    await expect.poll(() => page.getByTestId('paired-p').textContent()).toContain("McNemar's exact test: p = 0.031 (your threshold 0.05)");
    await expect.poll(() => page.getByTestId('paired-verdict').textContent()).toBe('A real change');
    await atBothWidths(page, 'tracking-paired', async () => {
      await paired.scrollIntoViewIfNeeded();
      await expect.poll(() => paired.isVisible()).toBe(true);
    });

    // The form: 4 prompts × 2 models, what 1 to 30 samples buy.
    await page.getByTestId('tracking-edit').first().click();
    const table = page.getByTestId('samples-choice-table');
    await table.waitFor({ timeout: underLoad(15_000) });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(5);
    // 1 sample: 8 answers a run, an interval 57 points wide at 50% and 42.9 at 10%; the chosen row (1) is marked. 30 is not offered.
    await expect.poll(() => page.getByTestId('samples-choice-1').textContent()).toMatch(/^1chosen857 pts42\.9 pts\d+ credits?$/);
    await expect.poll(() => page.getByTestId('samples-choice-30').textContent()).toMatch(/^30\(not offered\)24012\.6 pts7\.6 pts/);
    await page.getByTestId('tracking-samples').fill('5');
    await expect.poll(() => page.getByTestId('samples-choice-5').getAttribute('aria-current')).toBe('true');
    await atBothWidths(page, 'tracking-samples-table', async () => {
      await table.scrollIntoViewIfNeeded();
      await expect.poll(() => table.isVisible()).toBe(true);
    });

    // A fixed temperature for one model, saved with the set; the other keeps its default.
    await page.getByTestId('tracking-temperature-switch').click({ force: true });
    const temperature = page.getByTestId('tracking-temperature');
    await expect.poll(() => temperature.count()).toBe(2);
    await page.getByRole('textbox', { name: 'OpenAI - GPT-4o mini', exact: true }).fill('0.7');
    expect(await seriousAccessibilityViolations(page), 'temperature fields').toEqual([]);
    await page.getByTestId('tracking-save').click();
    await expect
      .poll(async () => (await api('GET', `/api/tracking/sets/${set.id}`)).set.models, { timeout: underLoad(15_000) })
      .toEqual([{ engine: 'openai', model: 'gpt-4o-mini', temperature: 0.7 }, { engine: 'deepseek', model: 'deepseek-chat' }]);
    expect(problems).toEqual([]);
    await close();
  });
});
