import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { trackingCalls } from '../support/tracking-page.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * The fact-checks card on the tracking dashboard and the fact sheet on the form, at 390 and 1440 px with axe. One run
 * with a judge model (the simulator): the models echo each prompt, and the simulated judge reads one prompt's answers
 * as contradicting the sheet and the other's as supported by it.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started), { environment: { BRAND_JUDGE_MODEL: 'openai/gpt-4.1-mini' } });
const { api } = trackingCalls(() => stack);

const CONTRADICTED = 'Zorblax was founded in 2019 in Paris.';

async function atBothWidths(page: Page, name: string, check: () => Promise<void>): Promise<void> {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    await transitionsSettled(page);
    await check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${viewport.width}`).toBeLessThanOrEqual(viewport.width);
    await saveScreenshot(page, name);
    expect(await seriousAccessibilityViolations(page), `${name} ${viewport.width}`).toEqual([]);
  }
}

describe('fact-checks on the tracking dashboard', () => {
  it('shows the share of answers contradicting the sheet per model, the fact and the quotes, and the sheet on the form', { timeout: testLimit(240_000) }, async () => {
    const { set } = await api('POST', '/api/tracking/sets', {
      name: 'Widgets',
      brand: { brandName: 'Zorblax', competitors: [], facts: [{ claim: 'Founded in 2012 in Lyon', sourceUrl: 'https://zorblax.example/about' }, { claim: 'Free plan for up to 3 users' }] },
      prompts: [`${CONTRADICTED} [[judge facts=contradict]] [[simulate echo=1]]`, 'Zorblax is a Lyon company. [[judge facts=support]] [[simulate echo=1]]'],
      models: [
        { engine: 'openai', model: 'gpt-4o-mini' },
        { engine: 'deepseek', model: 'deepseek-chat' },
      ],
      cadence: 'weekly',
      samplesPerCell: 1,
    });
    await expect
      .poll(async () => (await stack.records().execute<{ n: number }[]>(`select count(*)::int as n from tracking_runs where set_id = ? and status = 'completed'`, [set.id]))[0]!.n, { timeout: underLoad(30_000) })
      .toBe(1);
    await api('PATCH', `/api/tracking/sets/${set.id}`, { status: 'paused' });

    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, path: '/tracking' });
    const card = page.getByTestId('tracking-fact-checks');
    await card.waitFor({ timeout: underLoad(15_000) });
    await expect.poll(() => page.getByTestId('fact-checks-overall').textContent(), { timeout: underLoad(15_000) }).toContain('2 of 4');
    await expect.poll(() => page.getByTestId('fact-checks-by-model').locator('tbody tr').count()).toBe(2);
    await expect.poll(() => page.getByTestId('fact-checks-facts').textContent()).toContain('Founded in 2012 in Lyon');
    await expect.poll(() => page.getByTestId('fact-checks-quotes').textContent()).toContain(CONTRADICTED);
    await expect.poll(() => page.getByTestId('fact-checks-export').getAttribute('href')).toBe(`/api/tracking/sets/${set.id}/fact-checks.csv`);
    await atBothWidths(page, 'tracking-fact-checks', async () => {
      await card.scrollIntoViewIfNeeded();
      await expect.poll(() => card.isVisible()).toBe(true);
    });

    await page.getByTestId('tracking-edit').first().click();
    const sheet = page.getByTestId('tracking-facts');
    await sheet.waitFor({ timeout: underLoad(15_000) });
    await expect.poll(() => sheet.inputValue()).toBe('Founded in 2012 in Lyon | https://zorblax.example/about\nFree plan for up to 3 users');
    await sheet.fill('Founded in 2012 in Lyon | not a link at all\nx');
    await atBothWidths(page, 'tracking-fact-sheet', async () => {
      await sheet.scrollIntoViewIfNeeded();
      await expect.poll(() => sheet.isVisible()).toBe(true);
    });
    expect(problems).toEqual([]);
    await close();
  });
});
