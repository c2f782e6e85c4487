import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayer } from '../support/funded-user.ts';
import type { TestStack } from '../support/test-stack.ts';
import { NAMING_PROMPT, OTHER_PROMPT, startTrackingHarness, TRACKING_MODELS, until, type TrackingHarness } from '../support/tracking-harness.ts';

/**
 * Model versions and surfaces, end to end: real server and worker, the provider simulator behind the real SDKs,
 * Postgres. A "day" lasts 20 s, so a set runs once when it starts; a second run is had by moving the first one day
 * back and resuming the set. Between the two, the simulator is told a model moved to a new snapshot, as providers do.
 */

const DAY_MS = 20_000;
let stack: TestStack;
let harness: TrackingHarness;

beforeAll(async () => {
  harness = await startTrackingHarness(DAY_MS);
  ({ stack } = harness);
});

afterAll(async () => {
  await harness?.close();
});

const createSet = (cookie: string, overrides: Record<string, unknown>) => harness.createSet(cookie, { samplesPerCell: 1, ...overrides });

async function runsThenPause(setId: string, cookie: string, count: number): Promise<{ id: string; slot_start: Date }[]> {
  const runs = await until(`${count} completed runs`, async () => {
    const found = await stack.records().execute<{ id: string; slot_start: Date }[]>(
      `select id, slot_start from tracking_runs where set_id = ? and status = 'completed' order by slot_start`,
      [setId],
    );
    return found.length >= count ? found : undefined;
  });
  await harness.call('PATCH', `/api/tracking/sets/${setId}`, cookie, { status: 'paused' });
  return runs;
}

async function dashboard(setId: string, cookie: string, query = '') {
  const answer = await harness.call('GET', `/api/tracking/sets/${setId}/dashboard${query}`, cookie);
  expect(answer.status, answer.text).toBe(200);
  return JSON.parse(answer.text).data.dashboard;
}

type Point = { runId: string; segment: number; visibility: number | null; answers: number; failed: number };

describe('tracking model versions', () => {
  it('stores the version each answer reported, and a provider moving a model on becomes one marker that splits its lines', async () => {
    const payer = await createPayer(stack.records(), stack.config, 1_000);
    const set = await createSet(payer.cookie, {});
    const [first] = await runsThenPause(set.id, payer.cookie, 1);

    // The provider moves gpt-4o-mini to a new snapshot; deepseek-chat stays as it was.
    stack.simulator.setReportedModelVersion('gpt-4o-mini', 'gpt-4o-mini-2026-03-01');
    try {
      await stack.records().execute(`update tracking_runs set slot_start = slot_start - make_interval(secs => ?) where set_id = ?`, [DAY_MS / 1000, set.id]);
      await harness.call('PATCH', `/api/tracking/sets/${set.id}`, payer.cookie, { status: 'active' });
      const runs = await runsThenPause(set.id, payer.cookie, 2);
      const second = runs[1]!;

      const stored = await stack.records().execute<{ run_id: string; engine: string; model_version: string }[]>(
        `select run_id, engine, model_version from tracking_results where set_id = ? group by run_id, engine, model_version order by engine, model_version`,
        [set.id],
      );
      expect(stored).toHaveLength(4);
      expect(stored).toEqual(expect.arrayContaining([
        { run_id: first!.id, engine: 'deepseek', model_version: 'deepseek-chat' },
        { run_id: second.id, engine: 'deepseek', model_version: 'deepseek-chat' },
        { run_id: first!.id, engine: 'openai', model_version: 'gpt-4o-mini' },
        { run_id: second.id, engine: 'openai', model_version: 'gpt-4o-mini-2026-03-01' },
      ]));
      // The answer rows themselves keep it too, for every reader of an answer.
      const [answers] = await stack.records().execute<{ versioned: number; all: number }[]>(
        `select count(*) filter (where run.model_version is not null)::int as versioned, count(*)::int as all
           from tracking_results as result join model_runs as run on run.id = result.model_run_id where result.set_id = ?`,
        [set.id],
      );
      expect(answers).toEqual({ versioned: 8, all: 8 });

      const data = await dashboard(set.id, payer.cookie);
      expect(data.surface).toBe('model');
      expect(data.modelChanges).toEqual([
        {
          runId: second.id,
          slotStart: expect.any(String),
          startedAt: expect.any(String),
          engine: 'openai',
          model: 'gpt-4o-mini',
          surface: 'model',
          from: 'gpt-4o-mini',
          to: 'gpt-4o-mini-2026-03-01',
        },
      ]);
      // The overall line and the moved model's line break at the change; the unchanged model's line does not.
      expect(data.overall.map((point: Point) => point.segment)).toEqual([0, 1]);
      const byEngine = Object.fromEntries(data.byModel.map((entry: { engine: string; points: Point[] }) => [entry.engine, entry.points.map((point) => point.segment)]));
      expect(byEngine).toEqual({ openai: [0, 1], deepseek: [0, 0] });

      const results = JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/results?runId=${second.id}`, payer.cookie)).text).data.results;
      expect(new Set(results.map((result: { modelVersion: string }) => result.modelVersion))).toEqual(new Set(['gpt-4o-mini-2026-03-01', 'deepseek-chat']));
    } finally {
      stack.simulator.setReportedModelVersion('gpt-4o-mini', null);
    }
  });
});

describe('tracking surfaces', () => {
  it('labels each reading with its surface and never averages surfaces into one number', async () => {
    const payer = await createPayer(stack.records(), stack.config, 1_000);
    // A plain model (two of them), a model that always searches the web, and Google's AI Overview. The web-search
    // model fails the naming prompt, so the three surfaces come to three different rates.
    const set = await createSet(payer.cookie, {
      prompts: [`${NAMING_PROMPT} [[simulate for=sonar status=400]]`, OTHER_PROMPT],
      models: [...TRACKING_MODELS, { engine: 'perplexity', model: 'sonar' }, { engine: 'ai-overview', model: 'google-ai-overview' }],
    });
    const [run] = await runsThenPause(set.id, payer.cookie, 1);

    const labelled = await stack.records().execute<{ engine: string; surface: string; results: number; mentioned: number; completed: number }[]>(
      `select engine, surface, count(*)::int as results, count(*) filter (where mentioned)::int as mentioned,
              count(*) filter (where status = 'completed')::int as completed
         from tracking_results where run_id = ? group by engine, surface order by engine`,
      [run!.id],
    );
    expect(labelled).toEqual([
      { engine: 'ai-overview', surface: 'ai-overview', results: 2, mentioned: 1, completed: 2 },
      { engine: 'deepseek', surface: 'model', results: 2, mentioned: 1, completed: 2 },
      { engine: 'openai', surface: 'model', results: 2, mentioned: 1, completed: 2 },
      { engine: 'perplexity', surface: 'web-search', results: 2, mentioned: 0, completed: 1 },
    ]);

    // Without a surface, the dashboard shows the first one alone, and lists every surface's own numbers beside it.
    const first = await dashboard(set.id, payer.cookie);
    expect(first.surface).toBe('model');
    const perSurface = Object.fromEntries(first.surfaces.map((entry: { surface: string; points: Point[] }) => [entry.surface, entry.points.map((point) => [point.visibility, point.answers, point.failed])]));
    // A blend would read 3 of 7 (42.9%); each surface keeps its own.
    expect(perSurface).toEqual({ model: [[50, 4, 0]], 'web-search': [[0, 1, 1]], 'ai-overview': [[50, 2, 0]] });
    expect(first.overall.map((point: Point) => [point.visibility, point.answers])).toEqual([[50, 4]]);
    expect(first.byModel.map((entry: { engine: string }) => entry.engine).sort()).toEqual(['deepseek', 'openai']);
    expect(first.byCountry).toEqual([]);

    const web = await dashboard(set.id, payer.cookie, '?surface=web-search');
    expect(web.surface).toBe('web-search');
    expect(web.overall.map((point: Point) => [point.visibility, point.answers, point.failed])).toEqual([[0, 1, 1]]);
    expect(web.byModel.map((entry: { engine: string }) => entry.engine)).toEqual(['perplexity']);
    // Only the searching model cited pages; the plain models' dashboard has none of them.
    expect(web.citedDomains.length).toBeGreaterThan(0);
    expect(first.citedDomains).toEqual([]);

    const overview = await dashboard(set.id, payer.cookie, '?surface=ai-overview');
    expect(overview.overall.map((point: Point) => [point.visibility, point.answers])).toEqual([[50, 2]]);
    expect(overview.byModel.map((entry: { engine: string }) => entry.engine)).toEqual(['ai-overview']);
    expect(overview.byCountry).toHaveLength(1);

    const results = JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/results`, payer.cookie)).text).data.results;
    expect(new Set(results.map((result: { engine: string; surface: string }) => `${result.engine}:${result.surface}`))).toEqual(
      new Set(['openai:model', 'deepseek:model', 'perplexity:web-search', 'ai-overview:ai-overview']),
    );

    // The runs list reads one surface too; the credits are the whole run's.
    const runsOn = async (query: string) => JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/runs${query}`, payer.cookie)).text).data.runs;
    const [plain] = await runsOn('');
    expect(plain).toMatchObject({ surface: 'model', summary: { visibility: 50, answers: 4, failed: 0 } });
    const [searched] = await runsOn('?surface=web-search');
    expect(searched).toMatchObject({ surface: 'web-search', summary: { visibility: 0, answers: 1, failed: 1 } });
    expect(searched.creditsCharged).toBe(plain.creditsCharged);
    const [listed] = JSON.parse((await harness.call('GET', '/api/tracking/sets', payer.cookie)).text).data.sets;
    expect(listed.lastRun).toMatchObject({ surface: 'model', summary: { answers: 4 } });

    // The tables read one surface by the same rule: the grid's models and the cited sites are that surface's alone.
    const tablesOn = async (query: string) => JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/tables${query}`, payer.cookie)).text).data.tables;
    const engines = (tables: { grid: { columns: { engine: string }[] } }) => tables.grid.columns.map((column) => column.engine);
    const plainTables = await tablesOn('');
    expect(plainTables.surface).toBe('model');
    expect(engines(plainTables)).toEqual(['deepseek', 'openai']);
    expect(plainTables.grid.rows).toHaveLength(2);
    expect(plainTables.citedDomains).toEqual([]);
    const searchedTables = await tablesOn('?surface=web-search');
    expect(searchedTables.surface).toBe('web-search');
    expect(engines(searchedTables)).toEqual(['perplexity']);
    // Its answer to the naming prompt failed: no reading, so only the other prompt has a row.
    expect(searchedTables.grid.rows.map((row: { prompt: string }) => row.prompt)).toEqual([OTHER_PROMPT]);
    expect(searchedTables.citedDomains.length).toBeGreaterThan(0);
    const overviewTables = await tablesOn('?surface=ai-overview&days=7');
    expect(overviewTables.grid.columns).toEqual([{ engine: 'ai-overview', model: 'google-ai-overview', country: expect.any(String) }]);

    for (const call of ['dashboard', 'tables']) {
      const refused = await harness.call('GET', `/api/tracking/sets/${set.id}/${call}?surface=everything`, payer.cookie);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text).error).toEqual({ code: 'VALIDATION_ERROR', message: 'surface must be one of model, web-search, ai-overview' });
    }
  });
});

describe('tracking alerts per surface', () => {
  it('tests each surface against its own baseline, and names the one that fell', { timeout: 120_000 }, async () => {
    const payer = await createPayer(stack.records(), stack.config, 2_000);
    const models = [{ engine: 'openai', model: 'gpt-4o-mini' }, { engine: 'ai-overview', model: 'google-ai-overview' }];
    const set = await createSet(payer.cookie, { models, samplesPerCell: 10, alertMinReadings: 1 });
    await runsThenPause(set.id, payer.cookie, 1);
    await stack.records().execute(`update tracking_runs set slot_start = slot_start - make_interval(secs => ?) where set_id = ?`, [DAY_MS / 1000, set.id]);
    // The plain model now fails the prompt that names the brand; the AI Overview answers as before.
    const resumed = await harness.call('PATCH', `/api/tracking/sets/${set.id}`, payer.cookie, {
      prompts: [`${NAMING_PROMPT} [[simulate for=gpt status=400]]`, OTHER_PROMPT],
      status: 'active',
    });
    expect(resumed.status, resumed.text).toBe(200);
    await runsThenPause(set.id, payer.cookie, 2);

    // Model: 10 of 20 the day before, 0 of 10 now (p ≈ 0.004). AI Overview: 10 of 20 both times. Pooled, 20 of 40 to
    // 10 of 30 (p ≈ 0.16) would have said nothing.
    const alert = await harness.mail.next(payer.user.email, 30_000);
    expect(alert.subject).toContain('Tracking alert');
    expect(alert.text).toContain('named in fewer AI answers (Model answers) than over the 7 days before it');
    expect(alert.text).toContain('Visibility in the last 7 days: 50% (95% interval');
    expect(alert.text).toContain('0 of 10 answers');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(harness.mail.messages.filter((message) => message.to === payer.user.email)).toHaveLength(1);
  });
});
