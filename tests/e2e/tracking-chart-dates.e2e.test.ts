import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveElementScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { until } from '../support/eventually.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * A daily set after three weeks: 21 runs on the charts. At 390 px there is room for a few dates only, so the axis
 * shows fewer, shorter ones, each whole, inside the chart and apart from the next, never a smear of overlapping
 * labels; the newest run's date is always among them. At 1440 px, more dates, just as readable. One real run
 * through the scheduler, worker and simulator; the earlier ones copied from it into Postgres, a day apart.
 */

const PROMPT = 'Zorblax and Quentix both make widgets, compared at https://widgetguide.example/best [[simulate echo=1]]';
const DAY_MS = 86_400_000;
const EARLIER_RUNS = 20;
const CHARTS = ['chart-visibility', 'chart-per-model', 'chart-position-rank', 'chart-position-sentiment'];

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started), { environment: { TRACKING_DAY_MS: String(DAY_MS) } });

/** A copy of the real run `daysBack` days earlier, with the same answers. */
async function earlierRun(realRunId: string, daysBack: number): Promise<void> {
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
     select gen_random_uuid(), ?, set_id, gen_random_uuid(), prompt_index, prompt, engine, model, country, language, status, mentioned,
            position, sentiment, share_of_voice, brand_mentions, all_brand_mentions, cited_domains, 0, answer, created_at - make_interval(days => ?),
            recommendation, competitors, surface, model_version
       from tracking_results where run_id = ?`,
    [run!.id, daysBack, realRunId],
  );
}

interface Tick {
  text: string;
  left: number;
  right: number;
  fontSize: number;
}

const dateTicks = (page: Page, chart: string): Promise<Tick[]> =>
  page
    .getByTestId(chart)
    .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
    .evaluateAll((texts) =>
      texts.map((text) => {
        const box = text.getBoundingClientRect();
        return { text: text.textContent ?? '', left: box.left, right: box.right, fontSize: parseFloat(getComputedStyle(text).fontSize) };
      }),
    );

/** Each chart's dates: at least two, whole, inside the chart, apart from each other, the newest run's among them. */
async function assertReadableDates(page: Page, newestDay: string, width: number): Promise<number[]> {
  const counts: number[] = [];
  for (const chart of CHARTS) {
    await expect.poll(async () => (await dateTicks(page, chart)).length, { message: `${chart} at ${width}`, timeout: underLoad(15_000) }).toBeGreaterThanOrEqual(2);
    const surface = (await page.getByTestId(chart).locator('svg.recharts-surface').first().boundingBox())!;
    const ticks = (await dateTicks(page, chart)).sort((a, b) => a.left - b.left);
    counts.push(ticks.length);
    for (const [index, tick] of ticks.entries()) {
      expect(tick.text, `${chart} at ${width}`).toMatch(/^\d{1,2} [A-Z][a-z]{2}(, \d{2}:\d{2})?$/);
      expect(tick.fontSize).toBeGreaterThanOrEqual(11);
      expect(tick.left, `${chart} ${tick.text} at ${width}`).toBeGreaterThanOrEqual(surface.x);
      expect(tick.right, `${chart} ${tick.text} at ${width}`).toBeLessThanOrEqual(surface.x + surface.width);
      // Apart: at least 6 px of space between one date and the next.
      if (index > 0) expect(tick.left - ticks[index - 1]!.right, `${chart}: ${ticks[index - 1]!.text} / ${tick.text} at ${width}`).toBeGreaterThanOrEqual(6);
    }
    expect(ticks.at(-1)!.text.startsWith(newestDay), `${chart} at ${width} ends on the newest run`).toBe(true);
  }
  return counts;
}

describe('the tracking charts’ dates', () => {
  it('stay whole, apart and inside the chart with three weeks of runs, at 390 and 1440 px', async () => {
    const created = await fetch(`${stack.baseUrl}/api/tracking/sets`, {
      method: 'POST',
      headers: { cookie: stack.fundedCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Three weeks', brand: { brandName: 'Zorblax', competitors: ['Quentix'] }, prompts: [PROMPT], models: [{ engine: 'openai', model: 'gpt-4o-mini' }], cadence: 'daily', samplesPerCell: 1 }),
    });
    const createdText = await created.text();
    expect(created.status, createdText).toBe(200);
    const setId = (JSON.parse(createdText) as { data: { set: { id: string } } }).data.set.id;
    const realRun = await until('the first run', async () => {
      const [row] = await stack.records().execute<{ id: string }[]>(`select id from tracking_runs where set_id = ? and status = 'completed'`, [setId]);
      return row?.id;
    });
    for (let daysBack = 1; daysBack <= EARLIER_RUNS; daysBack += 1) await earlierRun(realRun, daysBack);
    const [newest] = await stack.records().execute<{ started_at: Date }[]>(`select started_at from tracking_runs where id = ?`, [realRun]);

    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, path: `/tracking?set=${setId}`, viewport: PHONE_VIEWPORT });
    await page.getByTestId('tracking-dashboard').waitFor();
    const newestDay = await page.evaluate((iso) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short' }), new Date(newest!.started_at).toISOString());
    const shown: Record<number, number[]> = {};
    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      await page.setViewportSize(viewport);
      shown[viewport.width] = await assertReadableDates(page, newestDay, viewport.width);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await transitionsSettled(page);
        for (const chart of ['chart-visibility', 'chart-position']) {
          await saveElementScreenshot(page.getByTestId(chart), `tracking-dates-${chart}-${colorScheme}-${viewport.width}`);
        }
        expect(await seriousAccessibilityViolations(page), `${colorScheme} ${viewport.width}`).toEqual([]);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    // A wide screen has room for more dates than a phone.
    expect(Math.min(...shown[DESKTOP_VIEWPORT.width]!)).toBeGreaterThan(Math.max(...shown[PHONE_VIEWPORT.width]!));
    expect(problems).toEqual([]);
    await close();
  }, testLimit(240_000));
});
