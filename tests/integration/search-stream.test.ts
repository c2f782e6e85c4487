import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { generateDeterministicAnswer } from '../../simulator/deterministic-answer.ts';
import { answerText, GUEST_SEARCH_BODY, postSearchStream, SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

async function storedRun(runId: string) {
  return stack.records().findOneOrFail(ModelRun, runId, { populate: ['request'] });
}

describe('POST /api/search/stream', () => {
  it('streams start, chunks and end in order, and stores the same answer in Postgres', async () => {
    const result = await postSearchStream(stack.baseUrl, { ...GUEST_SEARCH_BODY, query: 'What is a quorum? [[simulate chunks=20]]' });

    expect(result.status).toBe(200);
    expect(result.contentType).toMatch(/^text\/event-stream/);
    expect(result.headers.get('x-request-id')).toBeTruthy();
    const names = result.events.map((event) => event.event);
    expect(names[0]).toBe('start');
    expect(names.at(-1)).toBe('end');
    expect(names.filter((name) => name === 'chunk')).toHaveLength(20);

    const ids = result.events.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);

    const end = result.events.at(-1)!.data;
    expect(end.response).toBe(answerText(result.events));
    // gpt-3.5-turbo costs 3 credits, charged only now that the answer succeeded.
    expect(end.creditsUsed).toBe(3);
    expect(end.finishReason).toBe('stop');

    const run = await storedRun(String(end.runId));
    expect(run.status).toBe('completed');
    expect(run.answerText).toBe(end.response);
    expect(run.inputTokens).toBeGreaterThan(0);
    expect(run.outputTokens).toBeGreaterThan(0);
    expect(run.firstTokenAt).toBeInstanceOf(Date);
    expect(run.request.status).toBe('completed');
    expect(run.request.query).toBe('What is a quorum? [[simulate chunks=20]]');
    expect(run.request.completedAt).toBeInstanceOf(Date);
    // Asked by a guest: kept under the HMAC of the IP, never the IP itself.
    expect(run.request.user).toBeNull();
    expect(run.request.guestKey).toMatch(/^[0-9a-f]{64}$/);
    expect(run.request.guestKey).not.toContain('127.0.0.1');
    expect(run.creditsCharged).toBe(3);
    const [account] = await stack.records().getConnection().execute(
      `select balance, held from credit_accounts where guest_key = ?`,
      [run.request.guestKey],
    );
    // A guest's 20 credits, once per IP, less this answer's 3.
    expect(account).toEqual({ balance: '17', held: '0' });
  });

  it('asks the provider through its real SDK with the chosen model and a bearer key', async () => {
    const before = stack.simulator.requests.length;
    await stack.ask({ ...SEARCH_BODY, specificModel: 'gpt-4.1', query: 'Which model is this?' });
    const sent = stack.simulator.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ model: 'gpt-4.1', stream: true, hasAuthorization: true, lastUserMessage: 'Which model is this?' });
  });

  it('trims the question before storing it and sending it', async () => {
    const before = stack.simulator.requests.length;
    const result = await stack.ask({ ...SEARCH_BODY, query: '   padded question   ' });
    expect(stack.simulator.requests.slice(before)[0]?.lastUserMessage).toBe('padded question');
    const run = await storedRun(String(result.events[0]!.data.runId));
    expect(run.request.query).toBe('padded question');
  });

  it('shows the first chunk before the answer is finished', async () => {
    const result = await stack.ask({
      ...SEARCH_BODY,
      query: 'Stream slowly please [[simulate chunks=10 chunk-ms=60]]',
    });
    const firstChunk = result.events.find((event) => event.event === 'chunk')!;
    const end = result.events.find((event) => event.event === 'end')!;
    expect(end.receivedAfterMs - firstChunk.receivedAfterMs).toBeGreaterThan(400);
  });

  it('answers several questions at once, each stream carrying its own answer only', async () => {
    const questions = Array.from({ length: 8 }, (_, index) => `Parallel question about topic ${index} [[simulate chunks=${10 + index}]]`);
    const results = await Promise.all(questions.map((query) => stack.ask({ ...SEARCH_BODY, query })));
    results.forEach((result, index) => {
      const expected = generateDeterministicAnswer({
        prompt: `Parallel question about topic ${index}`,
        model: 'gpt-4o-mini',
        pieceCount: 10 + index,
      }).text;
      expect(result.events.at(-1)!.event).toBe('end');
      expect(answerText(result.events)).toBe(expected);
      expect(result.events.at(-1)!.data.response).toBe(expected);
    });
  });
});

describe('provider faults', () => {
  it('reports a rate limit as a retryable error event and stores the run as failed', async () => {
    const result = await stack.ask({ ...SEARCH_BODY, query: 'Busy? [[simulate status=429]]' });
    const error = result.events.at(-1)!;
    expect(error.event).toBe('error');
    expect(error.data).toMatchObject({ code: 'RATE_LIMIT_ERROR', retryable: true });
    expect(String(error.data.message)).toMatch(/busy/i);

    const run = await storedRun(String(error.data.runId));
    expect(run.status).toBe('error');
    expect(run.errorCode).toBe('RATE_LIMIT_ERROR');
    expect(run.answerText).toBeNull();
    expect(run.request.status).toBe('error');
    expect(run.request.errorMessage).toBe(error.data.message);
  });

  it('reports a provider 500 as a retryable provider error', async () => {
    const result = await stack.ask({ ...SEARCH_BODY, query: 'Broken? [[simulate status=500]]' });
    expect(result.events.at(-1)!.data).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true });
  });

  it('reports rejected credentials as not retryable', async () => {
    const result = await stack.ask({ ...SEARCH_BODY, query: 'Key? [[simulate status=401]]' });
    expect(result.events.at(-1)!.data).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false });
  });

  it('turns a connection cut mid-answer into an error after the chunks that did arrive', async () => {
    const result = await stack.ask({ ...SEARCH_BODY, query: 'Cut me off [[simulate chunks=10 cut-after=3]]' });
    const names = result.events.map((event) => event.event);
    expect(names.filter((name) => name === 'chunk')).toHaveLength(3);
    expect(result.events.at(-1)!.data).toMatchObject({ code: 'STREAM_INTERRUPTED', retryable: true });
    const run = await storedRun(String(result.events[0]!.data.runId));
    expect(run.status).toBe('error');
  });
});
