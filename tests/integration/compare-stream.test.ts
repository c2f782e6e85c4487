import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { postSearchStream, readServerSentEvents, type ReceivedEvent, SEARCH_BODY, THREE_MODELS } from '../support/search-stream-client.ts';
import { createFundedUser } from '../support/funded-user.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ environment: { PROVIDER_MAX_RETRIES: '0' } });
});

afterAll(async () => {
  await stack?.close();
});

function compare(query: string, options: Parameters<TestStack['ask']>[1] = {}) {
  return stack.ask({ query, models: THREE_MODELS }, { ...options, path: '/api/compare/stream' });
}

function textPerRun(events: ReceivedEvent[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const event of events.filter((candidate) => candidate.event === 'model_chunk')) {
    const runId = String(event.data.runId);
    texts.set(runId, (texts.get(runId) ?? '') + String(event.data.content));
  }
  return texts;
}

async function resume(requestId: string, afterSeq: number, cookie = stack.fundedCookie): Promise<ReceivedEvent[]> {
  const response = await fetch(`${stack.baseUrl}/api/requests/${requestId}/events`, { headers: { 'last-event-id': String(afterSeq), cookie } });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return readServerSentEvents(response);
}

describe('POST /api/compare/stream', () => {
  it('streams every model at once: a slow one delays nobody and a failing one breaks nothing', async () => {
    const result = await compare('Which language first? [[simulate for=llama first-token-ms=1200]] [[simulate for=deepseek status=401]] [[simulate chunks=8]]');
    const names = result.events.map((event) => event.event);
    expect(names.filter((name) => name === 'model_start')).toHaveLength(3);
    expect(names.filter((name) => name === 'model_complete')).toHaveLength(3);
    expect(names.at(-1)).toBe('all_complete');

    const completes = result.events.filter((event) => event.event === 'model_complete');
    const byEngine = Object.fromEntries(completes.map((event) => [String(event.data.engine), event]));
    expect((byEngine.openai!.data.result as Record<string, unknown>)).toMatchObject({ success: true, creditsUsed: 6, error: null });
    expect((byEngine.deepseek!.data.result as Record<string, unknown>)).toMatchObject({ success: false, creditsUsed: 0, errorCode: 'PROVIDER_AUTH_ERROR' });
    expect((byEngine.groq!.data.result as Record<string, unknown>)).toMatchObject({ success: true, creditsUsed: 2 });
    // The fast model finished before the slow one even started writing.
    const slowFirstChunk = result.events.find((event) => event.event === 'model_chunk' && event.data.engine === 'groq')!;
    expect(byEngine.openai!.receivedAfterMs).toBeLessThan(slowFirstChunk.receivedAfterMs);

    const texts = textPerRun(result.events);
    for (const event of completes.filter((candidate) => (candidate.data.result as { success: boolean }).success)) {
      const answer = (event.data.result as { response: string; timeToFirstTokenMs: number; durationMs: number; outputTokens: number });
      expect(texts.get(String(event.data.runId))).toBe(answer.response);
      expect(answer.timeToFirstTokenMs).toBeGreaterThanOrEqual(0);
      expect(answer.durationMs).toBeGreaterThanOrEqual(answer.timeToFirstTokenMs);
      expect(answer.outputTokens).toBeGreaterThan(0);
    }
    const all = result.events.at(-1)!.data as { totalCreditsUsed: number; results: unknown[] };
    expect(all.totalCreditsUsed).toBe(8);
    expect(all.results).toHaveLength(3);
    const ids = result.events.filter((event) => event.id).map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('refuses what the product refuses, in its words', async () => {
    const cases: [unknown, number, string][] = [
      [{ query: 'Hi', models: [] }, 400, 'Please select at least one model to compare'],
      [{ query: 'Hi' }, 400, 'Please select at least one model to compare'],
      [{ query: '  ', models: THREE_MODELS }, 400, 'Please enter a query'],
      [{ query: 'Hi', models: Array.from({ length: 11 }, () => THREE_MODELS[0]) }, 400, 'You can compare at most 10 models at once'],
      [{ query: 'Hi', models: [THREE_MODELS[0], THREE_MODELS[0]] }, 400, 'openai - gpt-4o-mini is selected twice'],
    ];
    for (const [body, status, message] of cases) {
      const response = await stack.ask(body, { path: '/api/compare/stream' });
      expect(response.status).toBe(status);
      expect(response.envelope?.error?.message).toBe(message);
    }
    const guest = await postSearchStream(stack.baseUrl, { query: 'Hi', models: [THREE_MODELS[0]] }, { path: '/api/compare/stream' });
    expect(guest.status).toBe(403);
    expect(guest.envelope?.error?.message).toBe('Register for free to unlock this feature.');
  });
});

describe('answers in one piece', () => {
  it('POST /api/search returns the finished answer with its facts', async () => {
    const response = await fetch(`${stack.baseUrl}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: stack.fundedCookie },
      body: JSON.stringify({ ...SEARCH_BODY, query: 'Whole answer please' }),
    });
    const body = (await response.json()) as { success: boolean; data: Record<string, unknown> };
    expect(response.status).toBe(200);
    expect(body.data).toMatchObject({ success: true, engine: 'openai', model: 'gpt-4o-mini', creditsUsed: 6, response: expect.any(String) });
    expect(body.data.timeToFirstTokenMs).toEqual(expect.any(Number));
  });

  it('POST /api/compare returns the result list', async () => {
    const response = await fetch(`${stack.baseUrl}/api/compare`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: stack.fundedCookie },
      body: JSON.stringify({ query: 'All at once [[simulate for=deepseek status=500]]', models: THREE_MODELS }),
    });
    const body = (await response.json()) as { data: { results: { engine: string; success: boolean }[]; totalCreditsUsed: number } };
    expect(body.data.results.map((result) => [result.engine, result.success])).toEqual([
      ['openai', true],
      ['deepseek', false],
      ['groq', true],
    ]);
    expect(body.data.totalCreditsUsed).toBe(8);
  });
});

describe('streams that survive', () => {
  it('resumes after a disconnect from the last event id, without a gap or a repeat', async () => {
    const controller = new AbortController();
    let requestId = '';
    let lastSeq = 0;
    await compare('Resume me [[simulate chunks=30 chunk-ms=40]]', {
      signal: controller.signal,
      onEvent: (event) => {
        requestId ||= String(event.data.requestId);
        lastSeq = Number(event.id);
        if (lastSeq >= 12) controller.abort();
      },
    }).catch(() => undefined);
    expect(lastSeq).toBeGreaterThanOrEqual(12);

    const rest = await resume(requestId, lastSeq);
    // all_complete has no id of its own (like EventSource, the parser carries the last one over): leave it out.
    const seqs = rest.filter((event) => event.event !== 'all_complete').map((event) => Number(event.id));
    expect(seqs[0]).toBe(lastSeq + 1);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, index) => lastSeq + 1 + index));
    expect(rest.at(-1)!.event).toBe('all_complete');

    // Replaying everything gives each model's full text, matching the stored answers.
    const everything = await resume(requestId, 0);
    const texts = textPerRun(everything);
    for (const run of await stack.records().find(ModelRun, { request: requestId })) expect(texts.get(run.id)).toBe(run.answerText);
  });

  it('gives two subscribers of one request the same events', async () => {
    const first = await compare('Shared [[simulate chunks=10 chunk-ms=30]]', { onEvent: () => undefined });
    const requestId = String(first.events[0]!.data.requestId);
    const [a, b] = await Promise.all([resume(requestId, 0), resume(requestId, 0)]);
    expect(a.map((event) => event.id)).toEqual(b.map((event) => event.id));
    expect(a.length).toBeGreaterThan(10);
  });

  it('shows a request to its owner only', async () => {
    const mine = await stack.ask({ ...SEARCH_BODY, query: 'Private question' });
    const requestId = String(mine.events[0]!.data.requestId);
    const stranger = await createFundedUser(stack.records(), stack.config);
    const response = await fetch(`${stack.baseUrl}/api/requests/${requestId}/events`, { headers: { cookie: stranger } });
    expect(response.status).toBe(404);
    expect((await response.json()).error).toEqual({ code: 'NOT_FOUND', message: 'Request not found' });
    expect((await fetch(`${stack.baseUrl}/api/requests/${requestId}/events`)).status).toBe(404);
  });
});

describe('cancel', () => {
  it('stops the models still answering, gives their credits back and ends the stream clearly', async () => {
    let requestId = '';
    let cancelled: Promise<Response> | undefined;
    const result = await compare('Cancel me [[simulate for=gpt chunks=200 chunk-ms=50]] [[simulate for=deepseek chunks=200 chunk-ms=50]] [[simulate for=llama chunks=2]]', {
      onEvent: (event) => {
        requestId ||= String(event.data.requestId);
        if (event.event === 'model_complete' && !cancelled) {
          cancelled = fetch(`${stack.baseUrl}/api/requests/${requestId}/cancel`, { method: 'POST', headers: { cookie: stack.fundedCookie } });
        }
      },
    });
    const answer = (await (await cancelled!).json()) as { data: { cancelledRuns: number } };
    expect(answer.data.cancelledRuns).toBe(2);
    const completes = result.events.filter((event) => event.event === 'model_complete').map((event) => event.data.result as { engine: string; success: boolean; errorCode?: string; creditsUsed: number });
    expect(completes.filter((entry) => entry.errorCode === 'CANCELLED')).toHaveLength(2);
    expect(completes.find((entry) => entry.engine === 'groq')).toMatchObject({ success: true, creditsUsed: 2 });
    expect(result.events.at(-1)!.event).toBe('all_complete');
    expect((result.events.at(-1)!.data as { totalCreditsUsed: number }).totalCreditsUsed).toBe(2);
    const holds = await stack.records().getConnection().execute<{ status: string }[]>(
      `select h.status from credit_holds h join model_runs r on r.id = h.run_id where r.request_id = ? order by h.status`,
      [requestId],
    );
    expect(holds.map((hold) => hold.status)).toEqual(['captured', 'released', 'released']);
  });
});
