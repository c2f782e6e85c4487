import { describe, expect, it } from 'vitest';
import { BRAND_JUDGE_INPUT_HEADING } from '../../core/brand/brand-judge-prompt.ts';
import { CURRENT_ANALYSER } from '../../core/tracking/tracking-reanalysis.ts';
import { createPayer } from '../support/funded-user.ts';
import { until, useTrackingHarness } from '../support/tracking-harness.ts';

/**
 * Re-analysing a tracked set's history, end to end: real server and worker (its tracking queue on Redis runs the
 * job), the provider simulator as both the answering models and the judge, Postgres. The first run's readings are
 * made to look as an older analyser left them; the re-analysis reads them again and marks them.
 */

const JUDGE = 'openai/gpt-4.1-mini';
const harness = useTrackingHarness(20_000, { BRAND_JUDGE_MODEL: JUDGE, BRAND_JUDGE_TIMEOUT_MS: '5000' });

const judgeCalls = () => harness.stack.simulator.requests.filter((request) => request.lastUserMessage.includes(BRAND_JUDGE_INPUT_HEADING)).length;

async function get(path: string, cookie: string) {
  const answer = await harness.call('GET', path, cookie);
  expect(answer.status, answer.text).toBe(200);
  return JSON.parse(answer.text).data;
}

describe('re-analysing a set\'s history', () => {
  it('shows what it reads and what the judge would cost, refuses a stale confirmation, then re-reads every reading and marks it', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    const set = await harness.createSet(payer.cookie, { samplesPerCell: 1 });
    const [first, second] = await harness.runADayLater(set.id, payer.cookie, {});
    // The first run as an older analyser read it: its readings found no mention anywhere.
    await harness.stack.records().execute(
      `update brand_mentions set analyser = '{"kind":"local","version":"1.0.0"}'::jsonb
        where run_id in (select model_run_id from tracking_results where run_id = ?)`,
      [first!.id],
    );
    await harness.stack.records().execute(`update tracking_results set analyser_version = 'local 1.0.0', mentioned = false where run_id = ?`, [first!.id]);

    const before = (await get(`/api/tracking/sets/${set.id}/dashboard`, payer.cookie)).dashboard;
    expect(before.analyserChanges).toEqual([{ runId: second!.id, slotStart: expect.any(String), startedAt: expect.any(String), from: 'local 1.0.0', to: expect.stringMatching(/^judge .* openai\/gpt-4\.1-mini$/) }]);
    expect(before.overall[0].visibility).toBe(0);

    const { reanalysis: preview } = await get(`/api/tracking/sets/${set.id}/reanalyse`, payer.cookie);
    expect(preview).toMatchObject({ readings: 8, outdated: 8, analyser: CURRENT_ANALYSER, creditsCharged: 0, running: false, lastReanalysedAt: null });
    expect(preview.judge).toMatchObject({ model: JUDGE, calls: 8 });
    expect(preview.judge.operatorCredits).toBeGreaterThan(0);
    expect(preview.judge.operatorCredits % 8).toBe(0);

    const stale = await harness.call('POST', `/api/tracking/sets/${set.id}/reanalyse`, payer.cookie, { judge: true, readings: 7 });
    expect(stale.status).toBe(400);
    expect(JSON.parse(stale.text).error).toEqual({ code: 'VALIDATION_ERROR', message: 'The set now has 8 readings, not 7: look at what a re-analysis costs again before starting it' });

    const balance = async () => (await get('/api/credits', payer.cookie)).user.creditsRemaining as number;
    const creditsBefore = await balance();
    const judgedBefore = judgeCalls();
    const started = await harness.call('POST', `/api/tracking/sets/${set.id}/reanalyse`, payer.cookie, { judge: true, readings: 8 });
    expect(started.status, started.text).toBe(200);
    expect(JSON.parse(started.text).data.reanalysis).toEqual({ queued: true, readings: 8, judge: true });

    const marked = await until('every reading re-analysed', async () => {
      const rows = await harness.stack.records().execute<{ run_id: string; mentioned: boolean; analyser_version: string; reanalysed_at: Date | null; prompt: string }[]>(
        `select run_id, mentioned, analyser_version, reanalysed_at, prompt from tracking_results where set_id = ?`,
        [set.id],
      );
      return rows.every((row) => row.reanalysed_at !== null) ? rows : undefined;
    });
    // The first run reads as the second does again: the naming prompt's answers name the brand.
    const firstRun = marked.filter((row) => row.run_id === first!.id);
    expect(firstRun.filter((row) => row.mentioned)).toHaveLength(2);
    expect(marked.every((row) => row.analyser_version.startsWith('judge ') && row.analyser_version.endsWith(JUDGE))).toBe(true);
    expect(judgeCalls() - judgedBefore).toBe(8);
    // The owner pays nothing: the judge is the operator's.
    expect(await balance()).toBe(creditsBefore);

    const after = (await get(`/api/tracking/sets/${set.id}/dashboard`, payer.cookie)).dashboard;
    expect(after.analyserChanges).toEqual([]);
    expect(after.overall.map((point: { visibility: number }) => point.visibility)).toEqual([50, 50]);
    const { results } = await get(`/api/tracking/sets/${set.id}/results?runId=${first!.id}`, payer.cookie);
    for (const result of results) {
      expect(result.reanalysedAt).toEqual(expect.any(String));
      expect(result.analyserVersion).toMatch(/^judge /);
    }
    const { reanalysis: again } = await get(`/api/tracking/sets/${set.id}/reanalyse`, payer.cookie);
    expect(again).toMatchObject({ readings: 8, running: false, lastReanalysedAt: expect.any(String) });
  });

  it('refuses a set with nothing stored yet, and another person\'s set as unknown', async () => {
    const owner = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    const other = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    const set = await harness.createSet(owner.cookie, { samplesPerCell: 1, cadence: 'weekly' });
    await harness.call('PATCH', `/api/tracking/sets/${set.id}`, owner.cookie, { status: 'paused' });
    const foreign = await harness.call('GET', `/api/tracking/sets/${set.id}/reanalyse`, other.cookie);
    expect(foreign.status).toBe(404);
    const foreignStart = await harness.call('POST', `/api/tracking/sets/${set.id}/reanalyse`, other.cookie, { readings: 0 });
    expect(foreignStart.status).toBe(404);
    const missing = await harness.call('POST', `/api/tracking/sets/${set.id}/reanalyse`, owner.cookie, {});
    expect(missing.status).toBe(400);
  });
});
