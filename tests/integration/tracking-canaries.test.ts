import { describe, expect, it } from 'vitest';
import { DEFAULT_CANARY_PROMPTS } from '../../contract/tracking.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { OTHER_PROMPT, PROMPTS_WITHOUT_THE_BRAND, TRACKING_MODELS, useTrackingHarness } from '../support/tracking-harness.ts';

/**
 * Canary prompts end to end: brand-free questions asked of every model once per run beside the set's own prompts,
 * kept out of the brand's numbers, charged like any answer, compared run to run, and read into the alert mail. As in
 * the significance tests, a "day" lasts 20 s, so a set runs once when it starts; a second run is had by moving the
 * first one day back and resuming the set.
 */

const CANARY = DEFAULT_CANARY_PROMPTS[0];
const harness = useTrackingHarness(20_000);

interface CreatedSet {
  id: string;
  canaryPrompts: string[];
  cost: { perRun: number; canaryPerRun: number };
}

/** A second run a day after the first, with prompts that no longer name the brand (a significant drop at 3 samples). */
const secondRunWithoutTheBrand = (setId: string, cookie: string, between?: () => Promise<void>) =>
  harness.runADayLater(setId, cookie, { prompts: PROMPTS_WITHOUT_THE_BRAND }, between);

describe('tracking canary prompts', () => {
  it('adds each canary prompt once per model to the cost, and refuses more than five', async () => {
    const preview = JSON.parse(
      (await harness.call('POST', '/api/tracking/cost-preview', harness.stack.fundedCookie, { prompts: 2, models: TRACKING_MODELS, cadence: 'weekly', samplesPerCell: 3, canaryPrompts: 2 })).text,
    ).data;
    // 2 prompts × 3 samples × 12 credits, plus 2 canaries × 12.
    expect(preview).toMatchObject({ perRun: 96, canaryPerRun: 24, perWeek: 96 });
    const tooMany = await harness.call('POST', '/api/tracking/sets', harness.stack.fundedCookie, {
      name: 'Too many canaries',
      brand: { brandName: 'Zorblax' },
      prompts: [OTHER_PROMPT],
      models: TRACKING_MODELS,
      cadence: 'daily',
      canaryPrompts: ['one', 'two', 'three', 'four', 'five', 'six'],
    });
    expect(tooMany.status).toBe(400);
    expect(JSON.parse(tooMany.text).error).toEqual({ code: 'VALIDATION_ERROR', message: 'A set can have at most 5 canary prompts' });
  });

  it('asks canaries once per model per run, charges them, keeps them out of the brand numbers, and compares them run to run', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    const set = await harness.createSet<CreatedSet>(payer.cookie, { samplesPerCell: 3, canaryPrompts: [` ${CANARY} `] });
    expect(set.canaryPrompts).toEqual([CANARY]);
    // 2 prompts × 3 samples × 12 credits, plus the canary once per model.
    expect(set.cost).toMatchObject({ perRun: 84, canaryPerRun: 12 });
    const runs = await secondRunWithoutTheBrand(set.id, payer.cookie);
    const em = harness.stack.records();

    for (const run of runs) {
      expect(run.canary_request_ids).toHaveLength(1);
      // One request per canary prompt, asking every model, with no brand analysis.
      const asked = await em.execute<{ query: string; kind: string; brand_monitoring_enabled: boolean; engine: string; status: string; analysed: number }[]>(
        `select request.query, request.kind, request.brand_monitoring_enabled, run.engine, run.status,
                (select count(*)::int from brand_mentions as mention where mention.run_id = run.id) as analysed
           from search_requests as request join model_runs as run on run.request_id = request.id
          where request.id = ?::uuid order by run.engine`,
        [run.canary_request_ids[0]],
      );
      expect(asked).toEqual([
        { query: CANARY, kind: 'tracking', brand_monitoring_enabled: false, engine: 'deepseek', status: 'completed', analysed: 0 },
        { query: CANARY, kind: 'tracking', brand_monitoring_enabled: false, engine: 'openai', status: 'completed', analysed: 0 },
      ]);
      // The brand's readings are the set's own prompts only.
      const results = await em.execute<{ prompt: string }[]>(`select prompt from tracking_results where run_id = ?`, [run.id]);
      expect(results).toHaveLength(12);
      expect(results.some((result) => result.prompt === CANARY)).toBe(false);
    }
    // Every completed answer, canaries included, is charged once.
    const ledger = await accountLedger(em, payer.accountId);
    expect(ledger.held).toBe(0);
    expect(ledger.balance).toBe(1_000 - 2 * 84);
    // Each run's cost on the dashboard counts its canaries too.
    const listed = JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/runs`, payer.cookie)).text).data.runs;
    expect(listed.map((entry: { creditsCharged: number }) => entry.creditsCharged)).toEqual([84, 84]);

    const canary = JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/canary`, payer.cookie)).text).data.canary;
    expect(canary.prompts).toEqual([CANARY]);
    expect(canary.models.map((series: { engine: string }) => series.engine).sort()).toEqual(['deepseek', 'openai']);
    for (const series of canary.models) {
      expect(series.points.map((point: { runId: string }) => point.runId)).toEqual(runs.map((run) => run.id));
      // The simulator answers the same question the same way: the models did not change.
      expect(series.points[1]).toMatchObject({ similarity: 100, compared: 1, usual: null, changed: false });
    }
    // The same steady canaries reach the alert mail for this run's significant drop.
    const alert = await harness.mail.next(payer.user.email, 30_000);
    expect(alert.subject).toContain('Tracking alert');
    expect(alert.text).toContain('Your canary prompts were answered much as before (word overlap with the previous run 100% or more)');
    // Someone else's set reads as missing.
    const other = await createPayer(em, harness.stack.config, 10);
    expect((await harness.call('GET', `/api/tracking/sets/${set.id}/canary`, other.cookie)).status).toBe(404);
  }, 90_000);

  it('finishes a run when a canary is the last answer to end, without waiting for the deadline', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    // The canary answers 1.5 s after the brand prompts; the slot's deadline is minutes away.
    const set = await harness.createSet<CreatedSet>(payer.cookie, { samplesPerCell: 1, canaryPrompts: [`${CANARY} [[simulate first-token-ms=1500]]`] });
    const [run] = await harness.runsThenPause(set.id, payer.cookie, 1);
    const [timing] = await harness.stack.records().execute<{ canary_ended: string; completed: string }[]>(
      `select (select max(run.completed_at) from model_runs as run where run.request_id = ?::uuid)::text as canary_ended, completed_at::text as completed
         from tracking_runs where id = ?`,
      [run!.canary_request_ids[0], run!.id],
    );
    expect(timing!.canary_ended).not.toBeNull();
    expect(new Date(timing!.completed).getTime()).toBeGreaterThanOrEqual(new Date(timing!.canary_ended).getTime());
  }, 60_000);

  it('tells the owner when the canaries changed with the drop: the model may have changed, not the brand', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    const set = await harness.createSet<CreatedSet>(payer.cookie, { samplesPerCell: 3, canaryPrompts: [CANARY] });
    // As if gpt-4o-mini had answered the canary in other words the first time: its next answer overlaps little.
    const runs = await secondRunWithoutTheBrand(set.id, payer.cookie, async () => {
      const [first] = await harness.completedRuns(set.id);
      await harness.stack.records().execute(
        `update model_runs set answer_text = 'Light through droplets: refraction, one internal reflection and dispersion paint the arc.'
          where request_id = ?::uuid and engine = 'openai'`,
        [first!.canary_request_ids[0]],
      );
    });
    const canary = JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/canary`, payer.cookie)).text).data.canary;
    const byEngine = Object.fromEntries(canary.models.map((series: { engine: string; points: { runId: string; changed: boolean }[] }) => [series.engine, series.points.at(-1)]));
    expect(byEngine.openai).toMatchObject({ runId: runs[1]!.id, changed: true });
    expect(byEngine.deepseek).toMatchObject({ runId: runs[1]!.id, similarity: 100, changed: false });

    const alert = await harness.mail.next(payer.user.email, 30_000);
    expect(alert.text).toMatch(/Your canary prompts were answered quite differently this time by GPT-4o mini \(\d+%\): the model itself may have changed/);
    expect(alert.text).not.toContain('DeepSeek');
  }, 90_000);
});
