import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import path from 'node:path';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot, SCREENSHOT_DIRECTORY } from '../support/browser-page.ts';
import { startBrowserStack, stopBrowserStack } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';

/**
 * The tracking dashboard with its statistics, in the browser on a real stack: one real run through the scheduler,
 * worker and simulator (the prompts script the answers with `echo=1`), plus three earlier runs written straight into
 * Postgres from the real one's answers: one where fewer answers name the brand, one where every answer failed (a gap,
 * not a zero) and one like the real run. The charts must draw the interval bands and the gap; the tables the
 * prompt × model grid, the source opportunity and the share of voice per prompt; at 390 and 1440 px.
 */

const BOTH = 'Zorblax and Quentix both make widgets, compared at https://widgetguide.example/best [[simulate echo=1]]';
const COMPETITOR_ONLY = 'Quentix widgets are reviewed at https://widgetreviews.example/top [[simulate echo=1]]';
const MODELS = [
  { engine: 'openai', model: 'gpt-4o-mini' },
  { engine: 'deepseek', model: 'deepseek-chat' },
];
const DAY_MS = 86_400_000;

let browser: Browser;
let stack: TestStack;

beforeAll(async () => {
  // A real day: the set runs once when saved and not again during the test.
  ({ browser, stack } = await startBrowserStack({ environment: { TRACKING_DAY_MS: String(DAY_MS) } }));
});
afterAll(() => stopBrowserStack(browser, stack));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Earlier runs, copied from the real run's answers `daysBack` days earlier; `mode` changes what they came to. */
async function earlierRun(setId: string, realRunId: string, daysBack: number, mode: 'fewer' | 'failed' | 'same'): Promise<void> {
  const records = stack.records();
  const [run] = await records.execute<{ id: string }[]>(
    `insert into tracking_runs (id, set_id, slot_start, status, request_ids, started_at, completed_at, admitted_at, samples_per_cell)
     select gen_random_uuid(), set_id, slot_start - make_interval(days => ?), 'completed', '[]', started_at - make_interval(days => ?),
            completed_at - make_interval(days => ?), admitted_at - make_interval(days => ?), samples_per_cell
       from tracking_runs where id = ? returning id`,
    [daysBack, daysBack, daysBack, daysBack, realRunId],
  );
  await records.execute(
    `insert into tracking_results (id, run_id, set_id, model_run_id, prompt_index, prompt, engine, model, country, language, status, mentioned,
                                   position, sentiment, share_of_voice, brand_mentions, all_brand_mentions, cited_domains, credits_charged,
                                   answer, created_at, recommendation, competitors)
     select gen_random_uuid(), ?, set_id, gen_random_uuid(), prompt_index, prompt, engine, model, country, language,
            case when ? = 'failed' then 'error' else status end,
            mentioned and not (? = 'fewer' and engine = 'openai') and ? <> 'failed',
            case when ? = 'fewer' and engine = 'openai' then null else position end,
            case when ? = 'fewer' and engine = 'openai' then null else sentiment end,
            share_of_voice, case when ? = 'fewer' and engine = 'openai' then 0 else brand_mentions end, all_brand_mentions,
            cited_domains, 0, answer, created_at - make_interval(days => ?), recommendation, competitors
       from tracking_results where run_id = ?`,
    [run!.id, mode, mode, mode, mode, mode, mode, daysBack, realRunId],
  );
}

/** Screenshots at phone and desktop width, light and dark, with nothing serious for axe in either. */
async function pictureAndCheck(page: Page, name: string): Promise<void> {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await transitionsSettled(page);
      await saveScreenshot(page, `${name}-${colorScheme}`);
      // Close-ups of the banded chart and the grid, readable at their real size.
      for (const part of ['chart-visibility', 'grid-card']) {
        await page.getByTestId(part).screenshot({ path: path.join(SCREENSHOT_DIRECTORY, `${name}-${part}-${colorScheme}-${viewport.width}.png`), animations: 'disabled' });
      }
      expect(await seriousAccessibilityViolations(page), `${name} ${colorScheme} ${viewport.width}`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Bands behind the lines, and a line broken where a run had no readings. */
async function assertBandsAndGap(page: Page): Promise<void> {
  const visibility = page.getByTestId('chart-visibility');
  // Two bands: visibility (Wilson) and share of voice (bootstrap).
  await expect.poll(() => visibility.locator('.recharts-area-area').count(), { timeout: 15_000 }).toBe(2);
  expect(await page.getByTestId('chart-position').locator('.recharts-area-area').count()).toBe(1);
  expect(await page.getByTestId('chart-per-model').locator('.recharts-area-area').count()).toBe(2);
  // The visibility line: one path with two pieces (a gap at the failed run), never dropping to the axis.
  const line = await visibility.locator('path.recharts-line-curve').first().getAttribute('d');
  expect((line ?? '').match(/M/g)?.length).toBe(2);
}

/**
 * Model-change markers are drawn by the model-version work; once they exist, assert here that a run whose provider
 * reported a new model version shows a marker on every chart and that the lines before and after it are not joined.
 */
async function assertModelChangeMarkers(page: Page): Promise<void> {
  // Until then: no chart draws a marker it has no data for.
  expect(await page.getByTestId('tracking-dashboard').locator('[data-testid="model-change-marker"]').count()).toBe(0);
}

async function assertTables(page: Page): Promise<void> {
  const grid = page.getByTestId('visibility-grid');
  await grid.waitFor();
  expect(await grid.locator('tbody tr').count()).toBe(2);
  const cells = grid.getByTestId('grid-cell');
  expect(await cells.count()).toBe(4);
  // 30 days: 3 completed runs with readings (the failed run has none) of 3 samples: 9 per cell, still directional.
  expect(await cells.first().getAttribute('data-directional')).toBe('true');
  const firstRow = (await grid.locator('tbody tr').first().textContent()) ?? '';
  expect(firstRow).toMatch(/\d+\/9/);
  expect(await page.getByTestId('source-opportunities').textContent()).toContain('widgetreviews.example');
  expect(await page.getByTestId('source-opportunities').textContent()).not.toContain('widgetguide.example');
  const shares = page.getByTestId('share-of-voice-by-prompt');
  expect(await shares.getByTestId('brand-share').count()).toBe(2);
  expect(await shares.getByTestId('competitor-share').first().textContent()).toContain('Quentix');
}

describe('tracking dashboard statistics', () => {
  it('draws interval bands and gaps, and shows the grid, source opportunities and share of voice per prompt', async () => {
    const created = await fetch(`${stack.baseUrl}/api/tracking/sets`, {
      method: 'POST',
      headers: { cookie: stack.fundedCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Widgets market', brand: { brandName: 'Zorblax', competitors: ['Quentix'] }, prompts: [BOTH, COMPETITOR_ONLY], models: MODELS, cadence: 'daily' }),
    });
    const createdText = await created.text();
    expect(created.status, createdText).toBe(200);
    const setId = (JSON.parse(createdText) as { data: { set: { id: string } } }).data.set.id;
    const realRun = await until('the first run', async () => {
      const [row] = await stack.records().execute<{ id: string }[]>(`select id from tracking_runs where set_id = ? and status = 'completed'`, [setId]);
      return row?.id;
    });
    await earlierRun(setId, realRun, 3, 'fewer');
    await earlierRun(setId, realRun, 2, 'failed');
    await earlierRun(setId, realRun, 1, 'same');

    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, path: `/tracking?set=${setId}` });
    await page.getByTestId('tracking-dashboard').waitFor();
    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      await page.setViewportSize(viewport);
      await assertBandsAndGap(page);
      await assertTables(page);
      await assertModelChangeMarkers(page);
    }
    await pictureAndCheck(page, 'tracking-statistics');
    expect(problems).toEqual([]);
    await close();
  }, 180_000);
});
