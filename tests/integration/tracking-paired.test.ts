import { describe, expect, it } from 'vitest';
import { createPayer } from '../support/funded-user.ts';
import { OTHER_PROMPT, TRACKING_MODELS, useTrackingHarness } from '../support/tracking-harness.ts';

/**
 * Paired alert figures and the settings each reading was taken with, end to end: real server and worker, the
 * provider simulator behind the real SDKs, Postgres, Redis and an SMTP sink. A "day" lasts 20 s, so a set runs once
 * when it starts; a second run is had by moving the first a day back and resuming the set.
 */

const harness = useTrackingHarness(20_000);

/** Prompts whose only word of four letters or more is the brand's name (the simulator's answers repeat such words), and one without it. */
const PROMPTS = ['Zorblax', 'Zorblax now', 'Zorblax for me', OTHER_PROMPT];

type Point = { segment: number };

async function dashboard(setId: string, cookie: string) {
  const answer = await harness.call('GET', `/api/tracking/sets/${setId}/dashboard`, cookie);
  expect(answer.status, answer.text).toBe(200);
  return JSON.parse(answer.text).data.dashboard;
}

describe('paired alert figures', () => {
  it('mails and shows how many of the same prompt-and-model cells lost the brand, with McNemar\'s exact p-value', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    const set = await harness.createSet(payer.cookie, { prompts: PROMPTS, samplesPerCell: 1, alertMinReadings: 1 });
    // The same prompts and models the next day, for a brand their answers never name: every naming cell is lost.
    const [first, second] = await harness.runADayLater(set.id, payer.cookie, { brand: { brandName: 'Vexnor', competitors: [] } });
    const cells = await harness.stack.records().execute<{ run_id: string; mentioned: number; readings: number }[]>(
      `select run_id, count(*) filter (where mentioned)::int as mentioned, count(*)::int as readings
         from tracking_results where set_id = ? and status = 'completed' group by run_id`,
      [set.id],
    );
    expect(cells).toEqual(expect.arrayContaining([{ run_id: first!.id, mentioned: 6, readings: 8 }, { run_id: second!.id, mentioned: 0, readings: 8 }]));

    const alert = await harness.mail.next(payer.user.email, 30_000);
    expect(alert.subject).toContain('Tracking alert');
    // Pooled: 6 of 8 against 0 of 8. Paired: 6 cells lost, none gained, 2 × (1/2)^6 = 0.031.
    expect(alert.text).toContain('Comparing the same prompts and models one by one (8 prompt-and-model cells read in both windows): mentioned before and not after in 6 cells, the reverse in 0 (McNemar\'s exact test, p = 0.031).');

    const data = await dashboard(set.id, payer.cookie);
    expect(data.paired).toEqual({ cells: 8, lost: 6, gained: 0, kept: 0, neither: 2, p: expect.closeTo(0.03125, 12) });
  });
});

describe('temperature and web search per reading', () => {
  it('sends a model\'s fixed temperature to the provider, records it on each reading, and starts a new segment when it changes', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    const [openai, deepseek] = TRACKING_MODELS;
    const prompt = 'Zorblax thermostat comparison';
    const set = await harness.createSet<{ id: string; models: unknown[] }>(payer.cookie, {
      prompts: [prompt],
      samplesPerCell: 1,
      models: [{ ...openai, temperature: 0.4 }, deepseek],
    });
    expect(set.models).toEqual([{ ...openai, temperature: 0.4 }, deepseek]);
    const [first, second] = await harness.runADayLater(set.id, payer.cookie, { models: [{ ...openai, temperature: 0.9 }, deepseek] });

    const sent = harness.stack.simulator.requests.filter((request) => request.lastUserMessage.includes(prompt));
    expect(sent.filter((request) => request.model === openai!.model).map((request) => request.temperature)).toEqual([0.4, 0.9]);
    expect(sent.filter((request) => request.model === deepseek!.model).map((request) => request.temperature)).toEqual([undefined, undefined]);

    const readings = await harness.stack.records().execute<{ run_id: string; engine: string; temperature: number | null; web_search: boolean; analyser_version: string | null }[]>(
      `select run_id, engine, temperature::float8 as temperature, web_search, analyser_version from tracking_results where set_id = ? order by engine, created_at`,
      [set.id],
    );
    expect(readings.map(({ run_id, engine, temperature, web_search }) => ({ run_id, engine, temperature: temperature === null ? null : Number(temperature.toFixed(2)), web_search }))).toEqual([
      { run_id: first!.id, engine: 'deepseek', temperature: null, web_search: false },
      { run_id: second!.id, engine: 'deepseek', temperature: null, web_search: false },
      { run_id: first!.id, engine: 'openai', temperature: 0.4, web_search: false },
      { run_id: second!.id, engine: 'openai', temperature: 0.9, web_search: false },
    ]);
    expect(readings.every((reading) => reading.analyser_version?.startsWith('local '))).toBe(true);

    const data = await dashboard(set.id, payer.cookie);
    expect(data.settingChanges).toEqual([
      { runId: second!.id, slotStart: expect.any(String), startedAt: expect.any(String), engine: 'openai', model: 'gpt-4o-mini', surface: 'model', setting: 'temperature', from: 0.4, to: 0.9 },
    ]);
    expect(data.overall.map((point: Point) => point.segment)).toEqual([0, 1]);
    const byEngine = Object.fromEntries(data.byModel.map((entry: { engine: string; points: Point[] }) => [entry.engine, entry.points.map((point) => point.segment)]));
    expect(byEngine).toEqual({ openai: [0, 1], deepseek: [0, 0] });

    const results = JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/results?runId=${second!.id}`, payer.cookie)).text).data.results;
    expect(results.map((result: { engine: string; temperature: number | null; webSearch: boolean }) => [result.engine, result.temperature, result.webSearch]).sort()).toEqual([
      ['deepseek', null, false],
      ['openai', 0.9, false],
    ]);
  });

  it('refuses a fixed temperature the model does not take, in the words a column setting gets', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    const outOfRange = await harness.call('POST', '/api/tracking/sets', payer.cookie, {
      name: 'Widgets market', brand: { brandName: 'Zorblax', competitors: [] }, prompts: ['Zorblax'], cadence: 'weekly',
      models: [{ engine: 'openai', model: 'gpt-4o-mini', temperature: 2.5 }],
    });
    expect(outOfRange.status).toBe(400);
    expect(JSON.parse(outOfRange.text).error).toEqual({ code: 'VALIDATION_ERROR', message: "A tracked model's temperature must be a number from 0 to 2" });
    const reasoning = await harness.call('POST', '/api/tracking/sets', payer.cookie, {
      name: 'Widgets market', brand: { brandName: 'Zorblax', competitors: [] }, prompts: ['Zorblax'], cadence: 'weekly',
      models: [{ engine: 'deepseek', model: 'deepseek-reasoner', temperature: 0.7 }],
    });
    expect(reasoning.status).toBe(400);
    expect(JSON.parse(reasoning.text).error).toEqual({ code: 'VALIDATION_ERROR', message: 'DeepSeek Reasoner does not accept a temperature' });
  });
});
