import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import { createFundedUser, createPayer } from '../support/funded-user.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import type { HistoryList } from '../../client/src/api/history-api.ts';
import { randomUUID } from 'node:crypto';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { SearchRequest } from '../../core/database/entities/search-request.ts';
import { User } from '../../core/database/entities/user.ts';
import { serializeHistoryItem } from '../../core/requests/history-item.ts';
import { loadRequestHistory, type HistoryRow } from '../../core/requests/request-history-repository.ts';
import type { RunResult } from '../../core/requests/request-results.ts';
import type { ModelVersions } from '../../core/requests/request-versions.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

/** Read with the client's own contract type, so a drift between the server and the browser shows up here. */
interface HistoryBody {
  success: boolean;
  error: { code: string; message: string } | null;
  data: HistoryList;
}

async function history(cookie: string | undefined, limit?: number) {
  const response = await fetch(`${stack.baseUrl}/api/user-requests${limit ? `?limit=${limit}` : ''}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as HistoryBody };
}

describe('GET /api/user-requests', () => {
  it('lists the user’s own requests, newest first, in the product’s shape', async () => {
    await stack.ask({ ...SEARCH_BODY, query: 'First, a single question' });
    await stack.ask({ ...SEARCH_BODY, query: 'A failing one [[simulate status=401]]' });
    await stack.ask(
      { query: 'Then a comparison [[simulate for=deepseek status=401]]', models: [{ engine: 'openai', model: 'gpt-4o-mini' }, { engine: 'deepseek', model: 'deepseek-chat' }] },
      { path: '/api/compare/stream' },
    );

    const { status, body } = await history(stack.fundedCookie);
    expect(status).toBe(200);
    expect(body.data.total).toBe(3);
    const [comparison, failed, single] = body.data.requests;
    expect(single).toMatchObject({
      kind: 'single',
      query: 'First, a single question',
      status: 'completed',
      engine: 'openai',
      model: 'gpt-4o-mini',
      creditsUsed: 6,
      errorMessage: null,
      searchEnabled: false,
      brandMonitoringEnabled: false,
      brandConfig: null,
    });
    expect(single!.response!.length).toBeGreaterThan(10);
    expect(new Date(single!.completedAt!).getTime()).toBeGreaterThanOrEqual(new Date(single!.createdAt).getTime());
    expect(failed).toMatchObject({ kind: 'single', status: 'error', creditsUsed: 0, response: null, errorMessage: 'The model provider refused our credentials. Please contact support.' });

    expect(comparison).toMatchObject({
      kind: 'comparison',
      engine: 'comparison_stream',
      model: 'comparison:openai/gpt-4o-mini,deepseek/deepseek-chat',
      status: 'completed',
      creditsUsed: 6,
    });
    // The runs come in the order the models were picked, with the same results the response text carries.
    expect(comparison!.results!.map((result) => [result.engine, result.success])).toEqual([
      ['openai', true],
      ['deepseek', false],
    ]);
    // Stored plainly: the kind and how it was asked; the engines and models are the runs'.
    const stored = await stack.records().findOneOrFail(SearchRequest, comparison!.id);
    expect(stored).toMatchObject({ kind: 'comparison', streamed: true, engine: null, model: null });
    expect(await stack.records().findOneOrFail(SearchRequest, single!.id)).toMatchObject({ kind: 'single', streamed: true, engine: 'openai', model: 'gpt-4o-mini' });
    const parsed = JSON.parse(comparison!.response!) as { results: { engine: string; success: boolean; response: string | null; error: string | null }[] };
    expect(parsed.results.map((result) => [result.engine, result.success])).toEqual([
      ['openai', true],
      ['deepseek', false],
    ]);

    const limited = await history(stack.fundedCookie, 2);
    expect(limited.body.data.requests).toHaveLength(2);
    expect(limited.body.data.total).toBe(3);
  });

  it('loads each request with its runs in the order the models were picked, whatever order they were stored in', async () => {
    const em = stack.records();
    const user = em.create(User, { id: randomUUID(), name: 'Orderly', email: `orderly-${randomUUID()}@example.com`, emailVerified: true, passwordHash: 'x', tier: 'subscribed' });
    const older = em.create(SearchRequest, { id: randomUUID(), query: 'older', engine: 'openai', model: 'gpt-4o-mini', user, createdAt: new Date(Date.now() - 60_000) });
    em.create(ModelRun, { id: randomUUID(), request: older, engine: 'openai', model: 'gpt-4o-mini' });
    const comparison = em.create(SearchRequest, { id: randomUUID(), query: 'newer', kind: 'comparison', streamed: false, engine: null, model: null, user });
    for (const [position, engine] of [[2, 'groq'], [0, 'openai'], [1, 'deepseek']] as const) {
      em.create(ModelRun, { id: randomUUID(), request: comparison, engine, model: `${engine}-model`, position });
    }
    await em.flush();

    const page = await loadRequestHistory(stack.records(), user.id, { limit: 10 });
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.query)).toEqual(['newer', 'older']);
    expect(page.rows[0]!.results.map((result) => result.engine)).toEqual(['openai', 'deepseek', 'groq']);
    expect(serializeHistoryItem(page.rows[0]!).model).toBe('comparison:openai/openai-model,deepseek/deepseek-model,groq/groq-model');
    const limited = await loadRequestHistory(stack.records(), user.id, { limit: 1 });
    expect([limited.total, limited.rows.length, limited.rows[0]!.results.length]).toEqual([2, 1, 3]);
  });

  it('lists chats only: arena rounds and tracking runs’ questions stay on their own pages, in the list, the count and the CSV', async () => {
    const user = await createPayer(stack.records(), stack.config, 10);
    const userId = user.user.id;
    const em = stack.records();
    for (const [kind, query] of [['arena', 'A blind round'], ['tracking', 'A tracked prompt'], ['comparison', 'A chat comparison']] as const) {
      const request = em.create(SearchRequest, { id: randomUUID(), query, kind, user: userId, status: 'completed' });
      em.create(ModelRun, { id: randomUUID(), request, engine: 'openai', model: 'gpt-4o-mini', status: 'completed', answerText: 'answer' });
    }
    await em.flush();
    const { body } = await history(user.cookie);
    expect(body.data.total).toBe(1);
    expect(body.data.requests.map((request) => `${request.kind}:${request.query}`)).toEqual(['comparison:A chat comparison']);
    const csv = await (await fetch(`${stack.baseUrl}/api/user-requests/export.csv`, { headers: { cookie: user.cookie } })).text();
    expect(csv).toContain('A chat comparison');
    expect(csv).not.toMatch(/A blind round|A tracked prompt/);
  });

  it('shows another user nothing of it, and a guest is told to sign in', async () => {
    const stranger = await createFundedUser(stack.records(), stack.config);
    const theirs = await history(stranger);
    expect(theirs.body.data).toEqual({ total: 0, requests: [] });
    const guest = await history(undefined);
    expect(guest.status).toBe(401);
    expect(guest.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Session expired' });
  });
});

describe('the history item serialiser', () => {
  const answer = (engine: string, model: string, creditsUsed: number): RunResult & { settings: null } => ({
    runId: `${engine}-run`,
    engine,
    model,
    success: creditsUsed > 0,
    response: creditsUsed > 0 ? `${engine} says hi` : null,
    error: creditsUsed > 0 ? null : 'Failed',
    errorCode: creditsUsed > 0 ? null : 'PROVIDER_ERROR',
    retryable: creditsUsed === 0,
    finishReason: creditsUsed > 0 ? 'stop' : null,
    sources: [],
    creditsUsed,
    timeToFirstTokenMs: null,
    durationMs: null,
    inputTokens: null,
    outputTokens: null,
    cachedTokens: null,
    reasoningTokens: null,
    brandMention: null,
    settings: null,
  });
  const result = (engine: string, model: string, creditsUsed: number): ModelVersions => {
    const only = answer(engine, model, creditsUsed);
    return { ...only, versions: [only] };
  };
  const row = (overrides: Partial<HistoryRow>): HistoryRow => ({
    id: 'request-id',
    kind: 'single',
    streamed: false,
    query: 'Hi',
    engine: 'openai',
    model: 'gpt-4o-mini',
    status: 'completed',
    errorMessage: null,
    searchEnabled: false,
    brandMonitoringEnabled: false,
    brandConfig: null,
    aiOverviewParams: null,
    createdAt: new Date('2026-01-02T03:04:05.000Z'),
    completedAt: null,
    results: [result('openai', 'gpt-4o-mini', 6)],
    followUpOf: null,
    continueMode: 'independent',
    carryFrom: null,
    versionOf: null,
    ...overrides,
  });

  it('names a comparison by how it was asked and lists its runs in the model string', () => {
    const results = [result('openai', 'gpt-4o-mini', 6), result('groq', 'llama-3.1-8b-instant', 0), result('deepseek', 'deepseek-chat', 1)];
    const streamed = serializeHistoryItem(row({ kind: 'comparison', streamed: true, engine: null, model: null, results }));
    expect(streamed).toMatchObject({
      kind: 'comparison',
      engine: 'comparison_stream',
      model: 'comparison:openai/gpt-4o-mini,groq/llama-3.1-8b-instant,deepseek/deepseek-chat',
      creditsUsed: 7,
      results,
    });
    // The legacy text holds each model's standing answer, without the versions `results` carries.
    expect(JSON.parse(streamed.response!)).toEqual({ results: results.map(({ versions: _versions, ...standing }) => standing) });
    expect(serializeHistoryItem(row({ kind: 'comparison', streamed: false, engine: null, model: null, results })).engine).toBe('comparison');
  });

  it('gives a single question its own engine, model and answer text', () => {
    expect(serializeHistoryItem(row({ streamed: true }))).toMatchObject({
      kind: 'single',
      engine: 'openai',
      model: 'gpt-4o-mini',
      response: 'openai says hi',
      creditsUsed: 6,
      createdAt: '2026-01-02T03:04:05.000Z',
      completedAt: null,
    });
  });
});
