import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { pictureAndCheck, trackingCalls } from '../support/tracking-page.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * The tracking dashboard with two runs on three surfaces, a provider having moved one model to a new snapshot
 * between them: the surface picker, the surfaces side by side, the model-change marker on the charts and the list
 * of changes. A "day" lasts 20 s, so the set runs once when created and once more when resumed a day later.
 */

const DAY_MS = 20_000;
let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started), { environment: { TRACKING_DAY_MS: String(DAY_MS) } });
const { api, completedRuns } = trackingCalls(() => stack);

describe('tracking model changes and surfaces', () => {
  it('marks a model change on every chart and reads one surface at a time', { timeout: testLimit(240_000) }, async () => {
    const { set } = await api('POST', '/api/tracking/sets', {
      name: 'Running shoes',
      brand: { brandName: 'Acmeflux', competitors: ['Globexa'] },
      prompts: ['Acmeflux', 'Which trail running shoes last longest'],
      models: [
        { engine: 'openai', model: 'gpt-4o-mini' },
        { engine: 'deepseek', model: 'deepseek-chat' },
        { engine: 'perplexity', model: 'sonar' },
        { engine: 'ai-overview', model: 'google-ai-overview' },
      ],
      cadence: 'daily',
      samplesPerCell: 1,
    });
    await completedRuns(set.id, 1);
    stack.simulator.setReportedModelVersion('gpt-4o-mini', 'gpt-4o-mini-2026-03-01');
    await stack.records().execute(`update tracking_runs set slot_start = slot_start - make_interval(secs => ?) where set_id = ?`, [DAY_MS / 1000, set.id]);
    await api('PATCH', `/api/tracking/sets/${set.id}`, { status: 'active' });
    await completedRuns(set.id, 2);
    stack.simulator.setReportedModelVersion('gpt-4o-mini', null);

    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, path: '/tracking' });
    const dashboard = page.getByTestId('tracking-dashboard');
    await dashboard.waitFor({ timeout: underLoad(15_000) });
    await page.getByTestId('surface-filter').waitFor();
    // Position and sentiment are two charts in one card, each with its marker.
    for (const chart of ['chart-per-surface', 'chart-visibility', 'chart-position-rank', 'chart-position-sentiment', 'chart-per-model']) {
      await expect.poll(() => dashboard.getByTestId(chart).locator('svg.recharts-surface').count(), { timeout: underLoad(15_000) }).toBeGreaterThan(0);
      // The dashed marker where gpt-4o-mini changed.
      await expect.poll(() => dashboard.getByTestId(chart).locator('.recharts-reference-line').count(), { message: chart, timeout: underLoad(5_000) }).toBe(1);
    }
    const change = page.getByTestId('model-change');
    await expect.poll(() => change.count()).toBe(1);
    await expect.poll(() => change.textContent()).toContain('gpt-4o-mini → gpt-4o-mini-2026-03-01');
    await expect.poll(() => dashboard.getByTestId('chart-per-surface').textContent()).toContain('AI Overview');
    await pictureAndCheck(page, 'tracking-versions-model', { widthInName: true });

    // Web search alone: Perplexity's line, no marker (nothing changed there), and the runs read on it.
    await page.getByTestId('surface-filter').getByText('Web search').click();
    await expect.poll(() => page.getByText('Runs: Web search').count()).toBe(1);
    await expect.poll(() => dashboard.getByTestId('chart-per-model').textContent()).toContain('Perplexity');
    await expect.poll(() => dashboard.getByTestId('chart-per-model').textContent()).not.toContain('GPT-4o mini');
    await expect.poll(() => page.getByTestId('model-changes').count()).toBe(0);
    await page.getByTestId('surface-filter').getByText('AI Overview').click();
    await expect.poll(() => dashboard.getByTestId('chart-per-country').locator('svg.recharts-surface').count(), { timeout: underLoad(10_000) }).toBeGreaterThan(0);
    await pictureAndCheck(page, 'tracking-versions-ai-overview', { widthInName: true });
    expect(problems).toEqual([]);
    await close();
  });
});
