import { describe, expect, it } from 'vitest';
import { createPayer } from '../support/funded-user.ts';
import { NAMING_PROMPT, OTHER_PROMPT, PROMPTS_WITHOUT_THE_BRAND, TRACKING_MODELS, useTrackingHarness } from '../support/tracking-harness.ts';

/**
 * Samples per cell, visibility intervals and significance-tested alerts, end to end: real server and worker, the
 * provider simulator, Postgres and an SMTP sink. A "day" lasts 20 s here, so a set runs once when it starts and not
 * again during a test; a second run is had by moving the first one day back and resuming the set, which runs a
 * resumed set's slot at once. Each test thus sees exactly the runs it asked for.
 */

const harness = useTrackingHarness(20_000);

const createSet = (cookie: string, overrides: Record<string, unknown>) =>
  harness.createSet<{ id: string; samplesPerCell: number; alertPValue: number; alertMinReadings: number; cost: { perRun: number } }>(cookie, overrides);

/** A first run with the brand named in half the prompts, then (a day later) one where no prompt names it. */
const visibilityFalls = (setId: string, cookie: string) => harness.runADayLater(setId, cookie, { prompts: PROMPTS_WITHOUT_THE_BRAND });

const mailsTo = (address: string) => harness.mail.messages.filter((message) => message.to === address);

describe('tracking samples and significance', () => {
  it('asks every cell three times by default, each in its own request, and reports counts with Wilson intervals', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    const set = await createSet(payer.cookie, {});
    expect(set).toMatchObject({ samplesPerCell: 3, alertPValue: 0.05, alertMinReadings: 10 });
    // 2 prompts × 3 samples × (6 + 6 credits).
    expect(set.cost.perRun).toBe(72);
    const [run] = await harness.runsThenPause(set.id, payer.cookie, 1);

    expect(run!.request_ids).toHaveLength(6);
    const calls = await harness.stack.records().execute<{ query: string; engine: string; calls: number; requests: number }[]>(
      `select request.query, run.engine, count(*)::int as calls, count(distinct request.id)::int as requests
         from search_requests as request join model_runs as run on run.request_id = request.id
        where request.id in (select jsonb_array_elements_text(?::jsonb)::uuid)
        group by request.query, run.engine order by request.query, run.engine`,
      [JSON.stringify(run!.request_ids)],
    );
    expect(calls).toEqual([
      { query: OTHER_PROMPT, engine: 'deepseek', calls: 3, requests: 3 },
      { query: OTHER_PROMPT, engine: 'openai', calls: 3, requests: 3 },
      { query: NAMING_PROMPT, engine: 'deepseek', calls: 3, requests: 3 },
      { query: NAMING_PROMPT, engine: 'openai', calls: 3, requests: 3 },
    ]);
    const recorded = await harness.stack.records().execute<{ prompt_index: number; prompt: string; results: number }[]>(
      `select prompt_index, prompt, count(*)::int as results from tracking_results where run_id = ? group by prompt_index, prompt order by prompt_index`,
      [run!.id],
    );
    expect(recorded).toEqual([
      { prompt_index: 0, prompt: NAMING_PROMPT, results: 6 },
      { prompt_index: 1, prompt: OTHER_PROMPT, results: 6 },
    ]);

    const dashboard = JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/dashboard`, payer.cookie)).text).data.dashboard;
    // Overall: 6 of 12 answers name the brand; Wilson 95% is 25.4% to 74.6%, and 12 readings are a measurement.
    expect(dashboard.overall[0].visibility).toBe(50);
    expect(dashboard.overall[0].visibilityInterval).toEqual({ mentioned: 6, readings: 12, low: 25.4, high: 74.6, directional: false });
    // Per model: 3 of 6, 18.8% to 81.2%; 6 readings are only directional.
    expect(dashboard.byModel).toHaveLength(2);
    for (const model of dashboard.byModel) {
      expect(model.points[0].visibilityInterval).toEqual({ mentioned: 3, readings: 6, low: 18.8, high: 81.2, directional: true });
    }
    const runs = JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/runs`, payer.cookie)).text).data.runs;
    expect(runs[0].summary.visibilityInterval).toMatchObject({ mentioned: 6, readings: 12 });
  });

  it('refuses samples per cell outside 1 to 10 in the contract\'s words, and keeps an edited value', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    for (const samplesPerCell of [0, 11, 2.5]) {
      const refused = await harness.call('POST', '/api/tracking/sets', payer.cookie, {
        name: 'Widgets market',
        brand: { brandName: 'Zorblax', competitors: [] },
        prompts: [NAMING_PROMPT],
        models: TRACKING_MODELS,
        cadence: 'weekly',
        samplesPerCell,
      });
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text).error).toEqual({ code: 'VALIDATION_ERROR', message: 'Samples per cell must be a whole number from 1 to 10' });
    }
    const set = await createSet(payer.cookie, { cadence: 'weekly', samplesPerCell: 1 });
    await harness.call('PATCH', `/api/tracking/sets/${set.id}`, payer.cookie, { status: 'paused' });
    const edited = JSON.parse((await harness.call('PATCH', `/api/tracking/sets/${set.id}`, payer.cookie, { samplesPerCell: 5 })).text).data.set;
    expect(edited.samplesPerCell).toBe(5);
    expect(edited.cost.perRun).toBe(2 * 5 * 12);
  });

  it('mails exactly one alert for a significant drop, with both rates, intervals, readings and the p-value', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    const set = await createSet(payer.cookie, { samplesPerCell: 3 });
    // 6 of 12 the day before, 0 of 12 now: p = 0.005.
    await visibilityFalls(set.id, payer.cookie);
    const alert = await harness.mail.next(payer.user.email, 30_000);
    expect(alert.subject).toContain('Tracking alert');
    expect(alert.text).toContain('p = 0.005, below your threshold of 0.05');
    expect(alert.text).toContain('Visibility in the last 7 days: 50% (95% interval 25.4% to 74.6%; 6 of 12 answers).');
    expect(alert.text).toContain('Visibility in the latest run: 0% (95% interval 0% to 24.2%; 0 of 12 answers).');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mailsTo(payer.user.email)).toHaveLength(1);
  });

  it('sends nothing for a drop within the noise, even a fall from 50% to 0%', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    // One sample, and readings enough by the set's own minimum: only the test's verdict can hold the mail back.
    const set = await createSet(payer.cookie, { samplesPerCell: 1, alertMinReadings: 1 });
    // 2 of 4 the day before, 0 of 4 now: p = 0.10, not below 0.05.
    const runs = await visibilityFalls(set.id, payer.cookie);
    const [latest] = await harness.stack.records().execute<{ mentioned: number; readings: number }[]>(
      `select count(*) filter (where mentioned)::int as mentioned, count(*)::int as readings from tracking_results where run_id = ? and status = 'completed'`,
      [runs[1]!.id],
    );
    expect(latest).toEqual({ mentioned: 0, readings: 4 });
    // The alert, had there been one, is sent right after the run is marked completed.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(mailsTo(payer.user.email)).toHaveLength(0);
  });
});
