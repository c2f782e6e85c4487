import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelStatsData, ModelStatsEntry } from '../../contract/model-stats.ts';
import { seedModelRuns, type SeededRun } from '../support/seeded-model-runs.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * `GET /api/models/stats` against real Postgres: runs are written straight into `model_runs` with known timings, and
 * the figures must be what they imply. Counts per window (an answer 23 hours old is in both windows, one 3 days old
 * only in the week's, one 8 days old in neither), stopped answers left out, open ones too, the error rate, the
 * percentiles as Postgres's `percentile_cont` interpolates them, the speed without reasoning tokens and without
 * answers that came in one piece, and nothing below the minimum of 20 answers.
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ withWorker: false });
});

afterAll(async () => {
  await stack?.close();
});

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const seed = (runs: SeededRun[]) => seedModelRuns(stack.records(), runs);

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** Postgres's `percentile_cont`: linear interpolation between the two nearest of the sorted values. */
function percentileCont(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

async function fetchStats(): Promise<{ status: number; cacheControl: string | null; data: ModelStatsData }> {
  const response = await fetch(`${stack.baseUrl}/api/models/stats`);
  const body = (await response.json()) as { success: boolean; data: ModelStatsData };
  expect(body.success).toBe(true);
  return { status: response.status, cacheControl: response.headers.get('cache-control'), data: body.data };
}

const entryOf = (data: ModelStatsData, engine: string, model: string): ModelStatsEntry => {
  const entry = data.models.find((candidate) => candidate.engine === engine && candidate.model === model);
  if (!entry) throw new Error(`${engine}/${model} is not listed`);
  return entry;
};

// GPT-4o mini: 30 finished and 10 failed answers in the last day (first tokens after 100, 110, … 390 ms), 20 finished
// 3 days ago (after 2 s each), 3 the person stopped, 2 still answering, and 50 eight days ago that count nowhere.
const recentTtfts = range(30).map((index) => 100 + index * 10);
// Their text streamed for 1 s each with 50 + index output tokens, 20 of them reasoning for the last ten.
const recentSpeeds = range(30).map((index) => 50 + index - (index >= 20 ? 20 : 0));

const busyModel: SeededRun[] = [
  ...recentTtfts.map((ttftMs, index) => ({
    engine: 'openai',
    model: 'gpt-4o-mini',
    status: 'completed' as const,
    endedAgoMs: 23 * HOUR_MS - index * 60_000,
    ttftMs,
    streamingMs: 1_000,
    outputTokens: 50 + index,
    ...(index >= 20 ? { reasoningTokens: 20 } : {}),
  })),
  ...range(10).map(() => ({ engine: 'openai', model: 'gpt-4o-mini', status: 'error' as const, endedAgoMs: 2 * HOUR_MS })),
  ...range(20).map(() => ({ engine: 'openai', model: 'gpt-4o-mini', status: 'completed' as const, endedAgoMs: 3 * DAY_MS, ttftMs: 2_000, streamingMs: 2_000, outputTokens: 100 })),
  ...range(3).map(() => ({ engine: 'openai', model: 'gpt-4o-mini', status: 'error' as const, errorCode: 'CANCELLED', endedAgoMs: HOUR_MS })),
  ...range(2).map(() => ({ engine: 'openai', model: 'gpt-4o-mini', status: 'running' as const, endedAgoMs: 60_000 })),
  ...range(50).map(() => ({ engine: 'openai', model: 'gpt-4o-mini', status: 'error' as const, endedAgoMs: 8 * DAY_MS })),
];

// Claude 3 Haiku: 19 finished answers in the last day, one short of the minimum; 6 more five days ago, 24 answers in
// the week, 5 of which came in one piece (streamed 20 ms), so the week's speed is drawn from 20.
const quietModel: SeededRun[] = [
  ...range(19).map((index) => ({ engine: 'anthropic', model: 'claude-3-haiku-20240307', status: 'completed' as const, endedAgoMs: HOUR_MS + index * 1000, ttftMs: 500, streamingMs: 2_000, outputTokens: 300 })),
  ...range(5).map(() => ({ engine: 'anthropic', model: 'claude-3-haiku-20240307', status: 'completed' as const, endedAgoMs: 5 * DAY_MS, ttftMs: 500, streamingMs: 20, outputTokens: 300 })),
  { engine: 'anthropic', model: 'claude-3-haiku-20240307', status: 'completed', endedAgoMs: 5 * DAY_MS, ttftMs: 700, streamingMs: 1_000, outputTokens: 300 },
];

describe('GET /api/models/stats', () => {
  it('counts each window from real runs: answers, error rate, time to first token p50/p95, tokens per second, and nothing below the minimum', async () => {
    await seed([...busyModel, ...quietModel, { engine: 'openai', model: 'retired-model', status: 'completed', endedAgoMs: HOUR_MS }]);

    const { status, cacheControl, data } = await fetchStats();
    expect(status).toBe(200);
    expect(cacheControl).toBe('public, max-age=60');
    expect(data.minimumAnswers).toBe(20);

    // Every catalogue model is listed, in catalogue order, and only those.
    const catalogue = (await (await fetch(`${stack.baseUrl}/api/models`)).json()) as { data: { models: Record<string, { models: { id: string }[] }> } };
    const listed = Object.entries(catalogue.data.models).flatMap(([engine, { models }]) => models.map((model) => `${engine}/${model.id}`));
    expect(data.models.map((entry) => `${entry.engine}/${entry.model}`)).toEqual(listed);

    const busy = entryOf(data, 'openai', 'gpt-4o-mini');
    expect(busy).toMatchObject({ name: 'GPT-4o mini', credits: 6, contextTokens: 128_000, tier: 'registered' });
    expect(busy.accepts).toEqual({ webSearch: true, images: true, systemPrompt: true, temperature: { min: 0, max: 2 }, reasoning: false });
    // The last day: 30 finished + 10 failed; stopped and open runs are no answers.
    expect(busy.last24Hours.answers).toBe(40);
    expect(busy.last24Hours.errors).toBe(10);
    expect(busy.last24Hours.errorRate).toEqual({ value: 0.25, count: 40 });
    expect(busy.last24Hours.timeToFirstTokenMs).toEqual({ p50: Math.round(percentileCont(recentTtfts, 0.5)), p95: Math.round(percentileCont(recentTtfts, 0.95)), count: 30 });
    expect(busy.last24Hours.outputTokensPerSecond).toEqual({ p50: Math.round(percentileCont(recentSpeeds, 0.5) * 10) / 10, count: 30 });
    // The week adds the 20 from three days ago; the runs of eight days ago count nowhere.
    const weekTtfts = [...recentTtfts, ...range(20).map(() => 2_000)];
    expect(busy.last7Days.answers).toBe(60);
    expect(busy.last7Days.errorRate).toEqual({ value: Math.round((10 / 60) * 10_000) / 10_000, count: 60 });
    expect(busy.last7Days.timeToFirstTokenMs).toEqual({ p50: Math.round(percentileCont(weekTtfts, 0.5)), p95: Math.round(percentileCont(weekTtfts, 0.95)), count: 50 });
    expect(busy.last7Days.outputTokensPerSecond).toEqual({ p50: Math.round(percentileCont([...recentSpeeds, ...range(20).map(() => 50)], 0.5) * 10) / 10, count: 50 });

    // 19 answers: counted, but no figure is given yet.
    const quiet = entryOf(data, 'anthropic', 'claude-3-haiku-20240307');
    expect(quiet.last24Hours).toEqual({
      answers: 19,
      errors: 0,
      errorRate: { value: null, count: 19 },
      timeToFirstTokenMs: { p50: null, p95: null, count: 19 },
      outputTokensPerSecond: { p50: null, count: 19 },
    });
    // The week has 25 answers; the 5 that came in one piece have no speed, leaving 20: just enough.
    expect(quiet.last7Days.answers).toBe(25);
    expect(quiet.last7Days.errorRate).toEqual({ value: 0, count: 25 });
    expect(quiet.last7Days.timeToFirstTokenMs).toMatchObject({ p50: 500, count: 25 });
    expect(quiet.last7Days.outputTokensPerSecond).toEqual({ p50: 150, count: 20 });

    // A model nobody asked: zero counts, no figures.
    const unasked = entryOf(data, 'openai', 'gpt-5');
    expect(unasked.tier).toBe('registered');
    expect(unasked.accepts).toMatchObject({ reasoning: true, temperature: null });
    // The catalogue says which models read images.
    expect(entryOf(data, 'openai', 'gpt-3.5-turbo').accepts.images).toBe(false);
    expect(unasked.last7Days).toEqual({
      answers: 0,
      errors: 0,
      errorRate: { value: null, count: 0 },
      timeToFirstTokenMs: { p50: null, p95: null, count: 0 },
      outputTokensPerSecond: { p50: null, count: 0 },
    });
    // A guest may ask the free budget models.
    expect(entryOf(data, 'openai', 'gpt-3.5-turbo').tier).toBe('guest');
  });

  it('serves the figures it counted for a minute, then counts again', async () => {
    const first = await fetchStats();
    await seed(range(5).map(() => ({ engine: 'openai', model: 'gpt-4o-mini', status: 'error' as const, endedAgoMs: 1_000 })));
    const second = await fetchStats();
    expect(second.data.computedAt).toBe(first.data.computedAt);
    expect(entryOf(second.data, 'openai', 'gpt-4o-mini').last24Hours.answers).toBe(entryOf(first.data, 'openai', 'gpt-4o-mini').last24Hours.answers);
  });

  it('is in the OpenAPI document', async () => {
    const document = (await (await fetch(`${stack.baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, { get?: { tags?: string[] } }> };
    expect(document.paths['/api/models/stats']?.get?.tags).toEqual(['Catalogue']);
  });
});
