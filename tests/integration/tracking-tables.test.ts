import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openQueue } from '../../core/jobs/queue-catalogue.ts';
import { TRACKING_SLOT_JOB_NAME } from '../../core/jobs/job-registry.ts';
import { trackingFinishJobId } from '../../core/tracking/tracking-jobs.ts';
import { createPayer } from '../support/funded-user.ts';
import type { TestStack } from '../support/test-stack.ts';
import { startTrackingHarness, TRACKING_MODELS, until, type TrackingHarness } from '../support/tracking-harness.ts';

/**
 * The actionable tables, the statistics on every rate and the event-driven slot, end to end: real server and
 * worker, the provider simulator, Postgres and Redis. The prompts script the answers (`echo=1`: the model says the
 * prompt back, directives removed), so what each answer names and cites is fixed: the first names the brand and its
 * competitor and cites a guide, the second names only the competitor and cites a review site, which the brand's
 * answers never cite: a source opportunity. `first-token-ms` holds every answer back, so the slot's job can be seen
 * ended while its answers are still running.
 */

const DAY_MS = 20_000;
const BOTH = 'Zorblax and Quentix both make widgets, compared at https://widgetguide.example/best';
const COMPETITOR_ONLY = 'Quentix widgets are reviewed at https://widgetreviews.example/top';
const script = (prompt: string) => `${prompt} [[simulate echo=1 first-token-ms=2500]]`;

let stack: TestStack;
let harness: TrackingHarness;
let connection: Redis;
let queue: Queue;

beforeAll(async () => {
  harness = await startTrackingHarness(DAY_MS);
  stack = harness.stack;
  connection = new Redis(stack.config.redis.url, { maxRetriesPerRequest: null });
  queue = openQueue('tracking', connection, stack.config.redis.keyPrefix);
});

afterAll(async () => {
  await queue?.close();
  await connection?.quit();
  await harness?.close();
});

async function slotJobOf(setId: string) {
  const jobs = await queue.getJobs(['completed', 'failed', 'active', 'waiting']);
  return jobs.find((job) => job.name === TRACKING_SLOT_JOB_NAME && (job.data as { setId: string }).setId === setId);
}

describe('tracking tables and the event-driven slot', () => {
  let setId: string;
  let cookie: string;
  let runId: string;

  it('ends the slot job once its prompts are admitted, and finishes the run when its last answer ends', async () => {
    cookie = (await createPayer(stack.records(), stack.config, 1_000)).cookie;
    const created = await harness.call('POST', '/api/tracking/sets', cookie, {
      name: 'Widgets market',
      brand: { brandName: 'Zorblax', competitors: ['Quentix'] },
      prompts: [script(BOTH), script(COMPETITOR_ONLY)],
      models: TRACKING_MODELS,
      cadence: 'daily',
    });
    expect(created.status, created.text).toBe(200);
    setId = JSON.parse(created.text).data.set.id;

    // The slot's job is done while every answer is still held back by the simulator: nothing waits on them.
    const slotJob = await until('the slot job to end', async () => {
      const job = await slotJobOf(setId);
      return job?.finishedOn ? job : undefined;
    });
    expect(slotJob.returnvalue).toBe('admitted');
    const [run] = await stack.records().execute<{ id: string; status: string; admitted: boolean; open: number }[]>(
      `select tracking.id, tracking.status, tracking.admitted_at is not null as admitted,
              (select count(*)::int from model_runs where request_id in (select jsonb_array_elements_text(tracking.request_ids)::uuid)
                                                      and status in ('queued', 'running')) as open
         from tracking_runs as tracking where set_id = ?`,
      [setId],
    );
    expect(run).toMatchObject({ status: 'running', admitted: true });
    expect(run!.open).toBeGreaterThan(0);
    runId = run!.id;
    expect(await queue.getJobState(trackingFinishJobId(runId, true))).toBe('delayed');

    // The answer that ended the last request queued the finish; it recorded all 12 answers and dropped the deadline.
    await until('the run to complete', async () => {
      const [row] = await stack.records().execute<{ status: string }[]>(`select status from tracking_runs where id = ?`, [runId]);
      return row?.status === 'completed' ? true : undefined;
    });
    const finish = await until('the finish job to end', async () => {
      const job = await queue.getJob(trackingFinishJobId(runId, false));
      return job?.finishedOn ? job : undefined;
    });
    expect(finish.returnvalue).toBe('completed');
    expect(await queue.getJob(trackingFinishJobId(runId, true))).toBeUndefined();
    const [count] = await stack.records().execute<{ results: number }[]>(`select count(*)::int as results from tracking_results where run_id = ?`, [runId]);
    expect(count!.results).toBe(12);
    await harness.call('PATCH', `/api/tracking/sets/${setId}`, cookie, { status: 'paused' });
  });

  it('gives the prompt × model grid with Wilson intervals, the source opportunities and each brand\'s share per prompt', async () => {
    const answer = await harness.call('GET', `/api/tracking/sets/${setId}/tables?days=7`, cookie);
    expect(answer.status, answer.text).toBe(200);
    const tables = JSON.parse(answer.text).data.tables;
    expect(tables.days).toBe(7);
    expect(tables.surface).toBe('model');
    expect(tables.grid.columns).toEqual([
      { engine: 'deepseek', model: 'deepseek-chat', country: null },
      { engine: 'openai', model: 'gpt-4o-mini', country: null },
    ]);
    expect(tables.grid.rows.map((row: { prompt: string }) => row.prompt)).toEqual([script(BOTH), script(COMPETITOR_ONLY)]);
    // 3 of 3: Wilson 95% is 43.9% to 100%; 0 of 3: 0% to 56.1%. Three readings are directional only.
    for (const cell of tables.grid.rows[0].cells) expect(cell).toEqual({ count: 3, readings: 3, rate: 100, low: 43.9, high: 100, directional: true });
    for (const cell of tables.grid.rows[1].cells) expect(cell).toEqual({ count: 0, readings: 3, rate: 0, low: 0, high: 56.1, directional: true });

    expect(tables.sourceOpportunities).toEqual([{ domain: 'widgetreviews.example', answers: 6, withBrand: 0, withCompetitors: 6, competitors: ['Quentix'] }]);
    expect(tables.citedDomains).toEqual(
      expect.arrayContaining([{ domain: 'widgetguide.example', answers: 6, withBrand: 6, withCompetitors: 6, competitors: ['Quentix'] }]),
    );

    const [both, competitorOnly] = tables.shareOfVoiceByPrompt;
    expect(both.answers).toBe(6);
    const brand = both.brands.find((entry: { isBrand: boolean }) => entry.isBrand);
    const rival = both.brands.find((entry: { name: string }) => entry.name === 'Quentix');
    expect(brand.share.value + rival.share.value).toBeCloseTo(100, 0);
    // Every answer says the same, so resampling answers cannot move the share: a zero-width interval.
    expect(brand.share.low).toBe(brand.share.value);
    expect(brand.share.high).toBe(brand.share.value);
    expect(competitorOnly.brands[0]).toMatchObject({ name: 'Quentix', isBrand: false, share: { value: 100, readings: 6, directional: true } });
    expect(competitorOnly.brands.find((entry: { isBrand: boolean }) => entry.isBrand)).toMatchObject({ mentions: 0, share: { value: 0 } });
  });

  it('puts intervals on every rate of the dashboard', async () => {
    const dashboard = JSON.parse((await harness.call('GET', `/api/tracking/sets/${setId}/dashboard`, cookie)).text).data.dashboard;
    const statistics = dashboard.overall[0].statistics;
    // No judge model runs in tests: no readings, no rate.
    expect(statistics.recommendation).toEqual({ count: 0, readings: 0, rate: null, low: null, high: null, directional: true });
    const shares = [statistics.sentiment.positive, statistics.sentiment.neutral, statistics.sentiment.negative];
    expect(shares.every((share: { readings: number }) => share.readings === 6)).toBe(true);
    expect(shares.reduce((sum: number, share: { count: number }) => sum + share.count, 0)).toBe(6);
    for (const share of shares) expect(share.low).toBeLessThanOrEqual(share.rate);
    // Named first in every answer that names it.
    expect(statistics.averagePosition).toEqual({ readings: 6, value: 1, low: 1, high: 1, directional: true });
    expect(statistics.shareOfVoice.readings).toBe(12);
    expect(statistics.shareOfVoice.low).toBeLessThan(statistics.shareOfVoice.value);
    expect(statistics.shareOfVoice.high).toBeGreaterThan(statistics.shareOfVoice.value);
    expect(statistics.shareOfVoice.directional).toBe(false);
  });

  it('refuses a window outside 1 to 90 days in the error envelope', async () => {
    for (const days of ['0', '91', 'week']) {
      const refused = await harness.call('GET', `/api/tracking/sets/${setId}/tables?days=${days}`, cookie);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text).error).toEqual({ code: 'VALIDATION_ERROR', message: 'days must be a whole number from 1 to 90' });
    }
  });
});
