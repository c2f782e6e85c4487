import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, HistoryList } from '../../contract/history.ts';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { workerMetrics } from '../../worker/observability/worker-metrics.ts';
import { SearchRequest } from '../../core/database/entities/search-request.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { answerText, postSearchStream, SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

interface Envelope<Data> {
  success: boolean;
  data: Data | null;
  error: { code: string; message: string } | null;
}

const payerWith = (credits: number) => createPayer(stack.records(), stack.config, credits);

async function history(cookie: string | undefined, query = '') {
  const response = await fetch(`${stack.baseUrl}/api/user-requests${query}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as Envelope<HistoryList> };
}

async function deleteRequest(cookie: string | undefined, id: string) {
  const response = await fetch(`${stack.baseUrl}/api/user-requests/${id}`, { method: 'DELETE', headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as Envelope<{ id: string; message: string }> };
}

async function stop(requestId: string, cookie: string) {
  await fetch(`${stack.baseUrl}/api/requests/${requestId}/cancel`, { method: 'POST', headers: { cookie } });
}

/** How many times a run was charged, and its hold's end. */
async function settlementOf(runId: string) {
  const connection = stack.records().getConnection();
  const [hold] = await connection.execute<{ status: string }[]>(`select status from credit_holds where run_id = ?`, [runId]);
  const [charges] = await connection.execute<{ count: string }[]>(`select count(*) from credit_entries where reference = ?`, [`charge:${runId}`]);
  return { hold: hold?.status, charges: Number(charges!.count) };
}

/** Asks, and stops the answer as soon as its first words arrive. */
async function askAndStop(cookie: string, body: Record<string, unknown>) {
  let stopping: Promise<void> | undefined;
  const result = await postSearchStream(stack.baseUrl, body, {
    headers: { cookie },
    onEvent: (event) => {
      if (event.event === 'chunk' && !stopping) stopping = stop(String(event.data.requestId), cookie);
    },
  });
  await stopping;
  return result;
}

const runIdOf = (result: Awaited<ReturnType<typeof postSearchStream>>) => String(result.events[0]!.data.runId);
const requestIdOf = (result: Awaited<ReturnType<typeof postSearchStream>>) => String(result.events[0]!.data.requestId);

/** `count` requests of one user written straight to the database, a minute apart, the last the newest. */
async function storedRequests(userId: string, queries: readonly string[]): Promise<string[]> {
  const em = stack.records();
  const start = Date.now() - queries.length * 60_000;
  const ids = queries.map((query, index) => {
    const request = em.create(SearchRequest, {
      id: randomUUID(),
      query,
      engine: 'openai',
      model: 'gpt-4o-mini',
      user: userId,
      status: 'completed',
      createdAt: new Date(start + index * 60_000),
    });
    em.create(ModelRun, { id: randomUUID(), request, engine: 'openai', model: 'gpt-4o-mini', status: 'completed', answerText: `Answer to ${query}` });
    return request.id;
  });
  await em.flush();
  return ids;
}

describe('regenerated answers are versions inside their request', () => {
  it('files one request with every version, each charged once, a stopped one never, and the newest answer standing', async () => {
    const payer = await payerWith(150);
    const first = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: 'Why is the sky blue? [[simulate chunks=3]]' }, { headers: { cookie: payer.cookie } });
    const parent = requestIdOf(first);
    const second = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: 'Why is the sky blue? [[simulate chunks=4]]', retryOf: parent }, { headers: { cookie: payer.cookie } });
    // Regenerating the regenerated answer is one more version of the same request, not a version of a version.
    const third = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: 'Why is the sky blue? [[simulate chunks=5]]', retryOf: requestIdOf(second) }, { headers: { cookie: payer.cookie } });
    const stopped = await askAndStop(payer.cookie, { ...SEARCH_BODY, query: 'Why is the sky blue? [[simulate chunks=300 chunk-ms=40]]', retryOf: parent });
    expect(stopped.events.at(-1)).toMatchObject({ event: 'error', data: { code: 'CANCELLED' } });

    const { status, body } = await history(payer.cookie);
    expect(status).toBe(200);
    // One entry: the regenerations are not questions of their own.
    expect(body.data!.total).toBe(1);
    const [item] = body.data!.requests as [HistoryEntry];
    expect(item).toMatchObject({ id: parent, kind: 'single', status: 'completed', errorMessage: null, creditsUsed: 18 });
    const [model] = item.results;
    expect(model!.versions.map((version) => [version.runId, version.success, version.creditsUsed, version.errorCode])).toEqual([
      [runIdOf(first), true, 6, null],
      [runIdOf(second), true, 6, null],
      [runIdOf(third), true, 6, null],
      [runIdOf(stopped), false, 0, 'CANCELLED'],
    ]);
    // The model stands by its newest answer that completed (the stop did not take it away).
    expect(model).toMatchObject({ runId: runIdOf(third), success: true, response: answerText(third.events) });
    // The legacy answer text is the standing one too.
    expect(item.response).toBe(answerText(third.events));

    // Each answer is charged exactly once; the stopped one never.
    for (const answered of [first, second, third]) expect(await settlementOf(runIdOf(answered))).toEqual({ hold: 'captured', charges: 1 });
    expect(await settlementOf(runIdOf(stopped))).toEqual({ hold: 'released', charges: 0 });
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 132, held: 0 });
  }, 60_000);

  it('calls a request whose every model was stopped "stopped", not an error, and charges nothing', async () => {
    const payer = await payerWith(150);
    const stopped = await askAndStop(payer.cookie, { ...SEARCH_BODY, query: 'Count to a thousand [[simulate chunks=300 chunk-ms=40]]' });
    const { body } = await history(payer.cookie);
    const [item] = body.data!.requests;
    expect(item).toMatchObject({ id: requestIdOf(stopped), status: 'stopped', errorMessage: null, creditsUsed: 0 });
    expect(item!.results[0]).toMatchObject({ success: false, errorCode: 'CANCELLED', error: 'Stopped.', retryable: false });
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150, held: 0 });

    // The worker counts it as a stop, not as a provider failure.
    await expect
      .poll(async () => (await workerMetrics.registry.getSingleMetricAsString('quorum_run_duration_seconds')).includes('outcome="stopped"'), { timeout: 10_000 })
      .toBe(true);
    expect(await workerMetrics.registry.getSingleMetricAsString('quorum_provider_errors_total')).not.toContain('code="CANCELLED"');

    // A failure is still an error.
    await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: 'Refused [[simulate status=401]]' }, { headers: { cookie: payer.cookie } });
    const after = await history(payer.cookie);
    expect(after.body.data!.requests[0]).toMatchObject({ query: 'Refused [[simulate status=401]]', status: 'error' });
  }, 60_000);

  it('keeps the settings it was asked with: web search, brand monitoring, and the AI Overview country and language', async () => {
    const payer = await payerWith(150);
    const brandConfig = { brandName: 'Acme', websiteUrl: 'https://acme.example', keywords: ['anvils'] };
    const asked = await postSearchStream(
      stack.baseUrl,
      { query: 'What is an anvil?', model: 'ai-overview', specificModel: 'google-ai-overview', aiOverviewParams: { gl: 'de', hl: 'de' }, brandMonitoringEnabled: true, brandConfig },
      { headers: { cookie: payer.cookie } },
    );
    expect(asked.status, JSON.stringify(asked.events.at(-1) ?? asked)).toBe(200);
    const { body } = await history(payer.cookie);
    expect(body.data!.requests[0]).toMatchObject({ aiOverviewParams: { gl: 'de', hl: 'de' }, brandMonitoringEnabled: true, brandConfig });
  }, 60_000);
});

describe('GET /api/user-requests pages and search', () => {
  it('pages past the first 20 with offset, newest first, without overlap, and counts them all', async () => {
    const payer = await payerWith(150);
    const ids = await storedRequests(payer.user.id, Array.from({ length: 25 }, (_, index) => `Question ${index + 1}`));
    const first = await history(payer.cookie);
    expect(first.body.data!.total).toBe(25);
    expect(first.body.data!.requests.map((request) => request.query)).toEqual(Array.from({ length: 20 }, (_, index) => `Question ${25 - index}`));
    const next = await history(payer.cookie, '?offset=20');
    expect(next.body.data!.total).toBe(25);
    expect(next.body.data!.requests.map((request) => request.id)).toEqual(ids.slice(0, 5).reverse());
    const past = await history(payer.cookie, '?offset=25');
    expect(past.body.data).toEqual({ total: 25, requests: [] });
  });

  it('finds the questions containing the text, in any case, with % and _ as themselves', async () => {
    const payer = await payerWith(150);
    await storedRequests(payer.user.id, ['How do GLACIERS form?', 'Where are glaciers melting?', 'What is 100% juice?', 'What is 100 juice?', 'snake_case or camelCase?', 'snakeXcase?']);
    const glaciers = await history(payer.cookie, '?search=glacier');
    expect(glaciers.body.data!.total).toBe(2);
    expect(glaciers.body.data!.requests.map((request) => request.query)).toEqual(['Where are glaciers melting?', 'How do GLACIERS form?']);
    expect((await history(payer.cookie, `?search=${encodeURIComponent('100%')}`)).body.data!.requests.map((request) => request.query)).toEqual(['What is 100% juice?']);
    expect((await history(payer.cookie, '?search=snake_')).body.data!.requests.map((request) => request.query)).toEqual(['snake_case or camelCase?']);
    // With a page: the count is the matches'.
    const paged = await history(payer.cookie, '?search=glacier&limit=1&offset=1');
    expect(paged.body.data).toMatchObject({ total: 2, requests: [{ query: 'How do GLACIERS form?' }] });
    expect((await history(payer.cookie, '?search=nothing+like+it')).body.data).toEqual({ total: 0, requests: [] });
  });

  it('refuses a bad page or search in the envelope', async () => {
    const payer = await payerWith(150);
    for (const query of ['?offset=-1', '?offset=abc', `?search=${'x'.repeat(501)}`]) {
      const { status, body } = await history(payer.cookie, query);
      expect(status, query).toBe(400);
      expect(body).toMatchObject({ success: false, data: null, error: { code: 'VALIDATION_ERROR' } });
    }
  });
});

describe('DELETE /api/user-requests/:id', () => {
  it('removes the request with its versions and keeps the credits as they were charged', async () => {
    const payer = await payerWith(150);
    const first = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: 'Delete me [[simulate chunks=2]]' }, { headers: { cookie: payer.cookie } });
    const parent = requestIdOf(first);
    const regenerated = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: 'Delete me [[simulate chunks=2]]', retryOf: parent }, { headers: { cookie: payer.cookie } });
    const kept = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: 'Keep me' }, { headers: { cookie: payer.cookie } });
    const before = await accountLedger(stack.records(), payer.accountId);
    expect(before).toEqual({ balance: 132, held: 0 });

    const stranger = await payerWith(10);
    expect((await deleteRequest(stranger.cookie, parent)).body.error).toEqual({ code: 'NOT_FOUND', message: 'Request not found' });
    expect((await deleteRequest(undefined, parent)).status).toBe(401);
    // A version is not an entry of its own to delete.
    expect((await deleteRequest(payer.cookie, requestIdOf(regenerated))).status).toBe(404);

    const deleted = await deleteRequest(payer.cookie, parent);
    expect(deleted).toEqual({ status: 200, body: { success: true, data: { id: parent, message: 'Request deleted.' }, error: null } });
    const { body } = await history(payer.cookie);
    expect(body.data).toMatchObject({ total: 1, requests: [{ id: requestIdOf(kept) }] });
    const left = await stack.records().getConnection().execute<{ count: string }[]>(`select count(*) from search_requests where id in (?, ?)`, [parent, requestIdOf(regenerated)]);
    expect(Number(left[0]!.count)).toBe(0);
    // Money already charged stays charged, once.
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual(before);
    expect(await settlementOf(runIdOf(first))).toEqual({ hold: 'captured', charges: 1 });

    expect((await deleteRequest(payer.cookie, parent)).status).toBe(404);
    expect((await deleteRequest(payer.cookie, 'not-a-uuid')).body.error?.code).toBe('VALIDATION_ERROR');
  }, 60_000);

  it('refuses while a model is still answering, and for an arena round', async () => {
    const payer = await payerWith(150);
    const em = stack.records();
    const answering = em.create(SearchRequest, { id: randomUUID(), query: 'Still going', engine: 'openai', model: 'gpt-4o-mini', user: payer.user.id, status: 'pending' });
    em.create(ModelRun, { id: randomUUID(), request: answering, engine: 'openai', model: 'gpt-4o-mini', status: 'running' });
    const round = em.create(SearchRequest, { id: randomUUID(), query: 'Blind', kind: 'arena', user: payer.user.id, status: 'completed' });
    await em.flush();

    const open = await deleteRequest(payer.cookie, answering.id);
    expect(open).toMatchObject({ status: 400, body: { success: false, error: { code: 'VALIDATION_ERROR', message: 'Wait for every answer to finish before deleting this request.' } } });
    const arena = await deleteRequest(payer.cookie, round.id);
    expect(arena.body.error).toEqual({ code: 'VALIDATION_ERROR', message: 'An arena round cannot be deleted: its vote counts on the leaderboard.' });
    // Neither is gone; the history lists chats only, so the arena round is not counted there.
    expect((await history(payer.cookie)).body.data!.total).toBe(1);
    expect(await stack.records().count(SearchRequest, { id: [answering.id, round.id] })).toBe(2);
  });
});
