import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveElementScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { pictureAndCheck } from '../support/tracking-page.ts';
import { until } from '../support/eventually.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * The tracking dashboard with its statistics, in the browser on a real stack: one real run through the scheduler,
 * worker and simulator (the prompts script the answers with `echo=1`), plus four earlier runs written straight into
 * Postgres from the real one's answers, oldest first: one like the real run, one where fewer answers name the brand,
 * one where every answer failed (a gap, not a zero), and one like the real run again. The simulator reports a new
 * gpt-4o-mini snapshot for the real run; the copies before the last earlier one get the old version back, so the
 * provider moved the model on the day before today: a model change. The charts must draw the interval bands, the
 * gap, the dashed marker and the lines broken there, and position and sentiment each on its own axis (position
 * reversed, #1 at the top); the tables the prompt × model grid, the source opportunity and the share of voice per
 * prompt; at 390 and 1440 px.
 */

const BOTH = 'Zorblax and Quentix both make widgets, compared at https://widgetguide.example/best [[simulate echo=1]]';
const COMPETITOR_ONLY = 'Quentix widgets are reviewed at https://widgetreviews.example/top [[simulate echo=1]]';
const MODELS = [
  { engine: 'openai', model: 'gpt-4o-mini' },
  { engine: 'deepseek', model: 'deepseek-chat' },
];
const DAY_MS = 86_400_000;
const OLD_VERSION = 'gpt-4o-mini';
const NEW_VERSION = 'gpt-4o-mini-2026-03-01';

let browser: Browser;
let stack: TestStack;

// A real day: the set runs once when saved and not again during the test.
browserStackForFile((started) => ({ browser, stack } = started), { environment: { TRACKING_DAY_MS: String(DAY_MS) } });

/**
 * Earlier runs, copied from the real run's answers `daysBack` days earlier; `mode` changes what they came to, and
 * `version` whether gpt-4o-mini answered on its old snapshot or already on the new one.
 */
async function earlierRun(setId: string, realRunId: string, daysBack: number, mode: 'fewer' | 'failed' | 'same', version: 'old' | 'new'): Promise<void> {
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
                                   answer, created_at, recommendation, competitors, surface, model_version)
     select gen_random_uuid(), ?, set_id, gen_random_uuid(), prompt_index, prompt, engine, model, country, language,
            case when ? = 'failed' then 'error' else status end,
            mentioned and not (? = 'fewer' and engine = 'openai') and ? <> 'failed',
            case when ? = 'fewer' and engine = 'openai' then null else position end,
            case when ? = 'fewer' and engine = 'openai' then null else sentiment end,
            share_of_voice, case when ? = 'fewer' and engine = 'openai' then 0 else brand_mentions end, all_brand_mentions,
            cited_domains, 0, answer, created_at - make_interval(days => ?), recommendation, competitors, surface,
            case when model_version = ? then ? else model_version end
       from tracking_results where run_id = ?`,
    [run!.id, mode, mode, mode, mode, mode, mode, daysBack, NEW_VERSION, version === 'old' ? OLD_VERSION : NEW_VERSION, realRunId],
  );
}

/** The x coordinates a line's path passes through. */
const pathXs = (d: string | null): number[] => [...(d ?? '').matchAll(/[ML]\s*(-?[\d.]+)[ ,]/g)].map((match) => Number(match[1]));

/**
 * Bands behind the lines, split like them at the model change, and a line broken where a run had no readings. The
 * overall lines split at the change (it concerns their surface), so each has two segments, each with its band;
 * per model only gpt-4o-mini's splits.
 */
async function assertBandsAndGap(page: Page): Promise<void> {
  const visibility = page.getByTestId('chart-visibility');
  // Visibility (Wilson) and share of voice (bootstrap), before and after the change.
  await expect.poll(() => visibility.locator('.recharts-area-area').count(), { timeout: underLoad(15_000) }).toBe(4);
  await expect.poll(() => page.getByTestId('chart-position').locator('.recharts-area-area').count()).toBe(2);
  await expect.poll(() => page.getByTestId('chart-per-model').locator('.recharts-area-area').count()).toBe(3);
  // Bands are drawn first, so every line lies on top of them.
  const layers = await visibility.locator('.recharts-area, .recharts-line').evaluateAll((nodes) => nodes.map((node) => (node.classList.contains('recharts-area') ? 'band' : 'line')));
  expect(layers.lastIndexOf('band')).toBeLessThan(layers.indexOf('line'));
  // Five runs, but the visibility line has four points: two before the change, two after. The failed run is a gap
  // between them, not a point on the axis.
  const [before, after] = await visibility.locator('path.recharts-line-curve').evaluateAll((paths) => paths.slice(0, 2).map((path) => path.getAttribute('d')));
  expect([pathXs(before ?? null).length, pathXs(after ?? null).length]).toEqual([2, 2]);
  expect(Math.max(...pathXs(before ?? null))).toBeLessThan(Math.min(...pathXs(after ?? null)));
}

/**
 * Yesterday's run answered on gpt-4o-mini's new version: a dashed "Model change" marker on each chart that draws
 * it, the change in the list, and no line joined across it: gpt-4o-mini's line stops before the marker and starts
 * again on it.
 */
async function assertModelChangeMarkers(page: Page): Promise<void> {
  const dashboard = page.getByTestId('tracking-dashboard');
  for (const chart of ['chart-visibility', 'chart-position-rank', 'chart-position-sentiment', 'chart-per-model']) {
    await expect.poll(() => dashboard.getByTestId(chart).locator('.recharts-reference-line').count(), { message: chart, timeout: underLoad(5_000) }).toBe(1);
    await expect.poll(() => dashboard.getByTestId(chart).locator('svg.recharts-surface').textContent()).toContain('Model change');
  }
  const change = page.getByTestId('model-change');
  await expect.poll(() => change.count()).toBe(1);
  await expect.poll(() => change.textContent()).toContain(`${OLD_VERSION} → ${NEW_VERSION}`);

  const perModel = dashboard.getByTestId('chart-per-model');
  const markerX = Number(await perModel.locator('.recharts-reference-line line').getAttribute('x1'));
  // gpt-4o-mini before and after, DeepSeek whole: three lines, none of them crossing the marker.
  const lines = await perModel.locator('path.recharts-line-curve').evaluateAll((paths) => paths.map((path) => path.getAttribute('d')));
  expect(lines).toHaveLength(3);
  const spans = lines.map(pathXs).map((xs) => [Math.min(...xs), Math.max(...xs)] as const);
  const near = (x: number) => Math.abs(x - markerX) <= 1;
  // Only DeepSeek's line, which did not change, runs from before the marker to after it; gpt-4o-mini's old piece
  // stops before the marker and its new piece starts on it.
  expect(spans.filter(([low, high]) => low < markerX - 1 && high > markerX + 1)).toHaveLength(1);
  expect(spans.filter(([, high]) => high < markerX - 1)).toHaveLength(1);
  expect(spans.filter(([low, high]) => near(low) && high > markerX + 1)).toHaveLength(1);
  const legend = await perModel.getByTestId('chart-legend').textContent();
  expect(legend).toContain('GPT-4o mini');
  expect(legend).toContain('DeepSeek');
}

interface AxisTick {
  text: string;
  x: number;
  y: number;
  left: number;
  right: number;
  fontSize: number;
}

/** The tick labels of a chart's x or y axis, with where each is drawn, read in one go. */
function axisTicks(page: Page, chart: string, axis: 'xAxis' | 'yAxis'): Promise<AxisTick[]> {
  return page
    .getByTestId(chart)
    .locator(`.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value`)
    .evaluateAll((texts) =>
      texts.map((text) => {
        const box = text.getBoundingClientRect();
        return { text: text.textContent ?? '', x: box.x + box.width / 2, y: box.y + box.height / 2, left: box.left, right: box.right, fontSize: parseFloat(getComputedStyle(text).fontSize) };
      }),
    );
}

/**
 * Position and sentiment are two scales with nothing in common, so each has its own chart and axis in the card:
 * position reversed, #1 (named first, the best) at the top and the places growing downward; sentiment from -1 to
 * +1, positive at the top. The runs' dates under each stay readable at a phone's width: whole, apart, inside the chart.
 */
async function assertPositionAndSentimentAxes(page: Page): Promise<void> {
  const rank = 'chart-position-rank';
  const tone = 'chart-position-sentiment';
  await expect.poll(async () => (await axisTicks(page, rank, 'yAxis')).length, { message: 'position ticks' }).toBeGreaterThanOrEqual(2);
  const position = (await axisTicks(page, rank, 'yAxis')).sort((a, b) => a.y - b.y);
  expect(position.every((tick) => /^#\d+$/.test(tick.text)), position.map((tick) => tick.text).join(' ')).toBe(true);
  const places = position.map((tick) => Number(tick.text.slice(1)));
  expect(places[0]).toBe(1);
  expect(places).toEqual([...places].sort((a, b) => a - b));
  expect(new Set(places).size).toBe(places.length);

  const sentiment = (await axisTicks(page, tone, 'yAxis')).sort((a, b) => a.y - b.y);
  expect(sentiment.map((tick) => tick.text)).toEqual(['+1', '+0.5', '0', '-0.5', '-1']);
  // Two axes, each named, one chart above the other.
  expect(Math.max(...position.map((tick) => tick.y))).toBeLessThan(Math.min(...sentiment.map((tick) => tick.y)));
  await expect.poll(() => page.getByTestId(rank).locator('svg.recharts-surface').textContent()).toContain('Position');
  await expect.poll(() => page.getByTestId(tone).locator('svg.recharts-surface').textContent()).toContain('Sentiment');
  await expect.poll(() => page.getByTestId('chart-position').locator('svg.recharts-surface').count()).toBe(2);

  for (const chart of [rank, tone]) {
    const surface = (await page.getByTestId(chart).locator('svg.recharts-surface').boundingBox())!;
    const dates = (await axisTicks(page, chart, 'xAxis')).sort((a, b) => a.left - b.left);
    expect(dates.length).toBeGreaterThanOrEqual(2);
    for (const [index, date] of dates.entries()) {
      // A narrow chart writes one run a day without its time (`date-axis.ts`).
      expect(date.text, 'a whole date, with its time where there is room').toMatch(/^\d{1,2} [A-Z][a-z]{2}(, \d{2}:\d{2})?$/);
      expect(date.fontSize).toBeGreaterThanOrEqual(11);
      expect(date.left, date.text).toBeGreaterThanOrEqual(surface.x);
      expect(date.right, date.text).toBeLessThanOrEqual(surface.x + surface.width);
      if (index > 0) expect(date.left, `${dates[index - 1]!.text} / ${date.text}`).toBeGreaterThan(dates[index - 1]!.right);
    }
  }
}

async function assertTables(page: Page): Promise<void> {
  const grid = page.getByTestId('visibility-grid');
  await grid.waitFor();
  await expect.poll(() => grid.locator('tbody tr').count()).toBe(2);
  const cells = grid.getByTestId('grid-cell');
  await expect.poll(() => cells.count()).toBe(4);
  // 30 days: 4 completed runs with readings (the failed run has none) of 2 samples: 8 per cell, still directional.
  await expect.poll(() => cells.first().getAttribute('data-directional')).toBe('true');
  const firstRow = (await grid.locator('tbody tr').first().textContent()) ?? '';
  expect(firstRow).toMatch(/\d+\/8/);
  await expect.poll(() => page.getByTestId('source-opportunities').textContent()).toContain('widgetreviews.example');
  await expect.poll(() => page.getByTestId('source-opportunities').textContent()).not.toContain('widgetguide.example');
  const shares = page.getByTestId('share-of-voice-by-prompt');
  await expect.poll(() => shares.getByTestId('brand-share').count()).toBe(2);
  await expect.poll(() => shares.getByTestId('competitor-share').first().textContent()).toContain('Quentix');
}

describe('tracking dashboard statistics', () => {
  it('draws interval bands and gaps, and shows the grid, source opportunities and share of voice per prompt', async () => {
    // The provider has moved gpt-4o-mini on by the real run; the older copies made from it get the old version back.
    stack.simulator.setReportedModelVersion('gpt-4o-mini', NEW_VERSION);
    const created = await fetch(`${stack.baseUrl}/api/tracking/sets`, {
      method: 'POST',
      headers: { cookie: stack.fundedCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Widgets market', brand: { brandName: 'Zorblax', competitors: ['Quentix'] }, prompts: [BOTH, COMPETITOR_ONLY], models: MODELS, cadence: 'daily', samplesPerCell: 2 }),
    });
    const createdText = await created.text();
    expect(created.status, createdText).toBe(200);
    const setId = (JSON.parse(createdText) as { data: { set: { id: string } } }).data.set.id;
    const realRun = await until('the first run', async () => {
      const [row] = await stack.records().execute<{ id: string }[]>(`select id from tracking_runs where set_id = ? and status = 'completed'`, [setId]);
      return row?.id;
    });
    stack.simulator.setReportedModelVersion('gpt-4o-mini', null);
    await earlierRun(setId, realRun, 4, 'same', 'old');
    await earlierRun(setId, realRun, 3, 'fewer', 'old');
    await earlierRun(setId, realRun, 2, 'failed', 'old');
    await earlierRun(setId, realRun, 1, 'same', 'new');

    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, path: `/tracking?set=${setId}` });
    await page.getByTestId('tracking-dashboard').waitFor();
    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      await page.setViewportSize(viewport);
      await assertBandsAndGap(page);
      await assertTables(page);
      await assertModelChangeMarkers(page);
      await assertPositionAndSentimentAxes(page);
    }
    await pictureAndCheck(page, 'tracking-statistics', {
      // Close-ups of the banded chart and the grid, readable at their real size.
      closeUps: async (viewport, colorScheme) => {
        for (const part of ['chart-visibility', 'chart-position', 'grid-card']) {
          await saveElementScreenshot(page.getByTestId(part), `tracking-statistics-${part}-${colorScheme}-${viewport.width}`);
        }
      },
    });
    expect(problems).toEqual([]);
    await close();
  }, testLimit(180_000));
});
