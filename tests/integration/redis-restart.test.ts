import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { startOwnRedis, type OwnRedis } from '../support/own-redis.ts';
import { readServerSentEvents, type ReceivedEvent, SEARCH_BODY, THREE_MODELS } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * Redis is where live answers travel, and it may restart at any moment and forget everything (no persistence is
 * the worst case, and what this Redis of the test's own runs with). Postgres is the record, so every open stream
 * must still end, every finished answer must reach its reader whole, and no credit hold may stay stuck.
 */
describe('when Redis restarts mid-answer and forgets everything', () => {
  let redis: OwnRedis;
  let stack: TestStack;

  beforeAll(async () => {
    redis = await startOwnRedis();
    stack = await startTestStack({ environment: { REDIS_URL: redis.url } });
  });

  afterAll(async () => {
    await stack?.close();
    await redis?.stop();
  });

  async function healthy(): Promise<boolean> {
    const response = await fetch(`${stack.baseUrl}/api/health`).catch(() => undefined);
    return response?.status === 200;
  }

  async function resume(requestId: string, afterSeq: number): Promise<ReceivedEvent[]> {
    const response = await fetch(`${stack.baseUrl}/api/requests/${requestId}/events`, {
      headers: { 'last-event-id': String(afterSeq), cookie: stack.fundedCookie },
      signal: AbortSignal.timeout(30_000),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return readServerSentEvents(response);
  }

  interface LiveMessage {
    type: string;
    event?: string;
    data?: Record<string, unknown>;
  }

  /** Subscribes to a request over GET /api/live and collects its messages until it finishes or fails. */
  async function watchOverLiveSocket(requestId: string): Promise<LiveMessage[]> {
    const socket = new WebSocket(new URL('/api/live', stack.baseUrl.replace(/^http/, 'ws')), { headers: { cookie: stack.fundedCookie } } as unknown as string[]);
    const messages: LiveMessage[] = [];
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the socket watcher never ended: ${JSON.stringify(messages.slice(-3))}`)), 60_000);
      socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'subscribe', requestId, afterSeq: 0 })), { once: true });
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as LiveMessage & { requestId?: string };
        if (message.requestId !== requestId) return;
        messages.push(message);
        // The answer's own end (or error) frame, not the account's request_finished, which may overtake it.
        if (message.type === 'error' || (message.type === 'event' && (message.event === 'end' || message.event === 'error'))) {
          clearTimeout(timer);
          socket.close();
          resolve(messages);
        }
      });
    });
  }

  function chunksPerRun(events: ReceivedEvent[]): Map<string, string> {
    const texts = new Map<string, string>();
    for (const event of events) {
      if (event.event !== 'chunk' && event.event !== 'model_chunk') continue;
      const runId = String(event.data.runId);
      texts.set(runId, (texts.get(runId) ?? '') + String(event.data.content));
    }
    return texts;
  }

  it('ends every open stream with the whole answer or a retryable error, resumes exactly the rest, and leaves no hold behind', { timeout: 120_000 }, async () => {
    // A request that finished before the restart: afterwards, Redis no longer has any of its events.
    const earlier = await stack.ask({ ...SEARCH_BODY, query: 'Finished before the restart [[simulate chunks=5]]' });
    expect(earlier.events.at(-1)?.event).toBe('end');
    const earlierRequestId = String(earlier.events[0]!.data.requestId);
    const earlierLastSeq = Number(earlier.events.at(-1)!.id);

    let restarted: Promise<void> | undefined;
    const timings = { crashedAt: 0, healthRedAt: 0, healthGreenAt: 0 };
    const restartOnce = () => {
      restarted ??= (async () => {
        timings.crashedAt = performance.now();
        await redis.crash();
        if (!(await healthy())) timings.healthRedAt = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 500));
        await redis.start();
        while (!(await healthy())) await new Promise((resolve) => setTimeout(resolve, 50));
        timings.healthGreenAt = performance.now();
      })();
    };

    let chunksSeen = 0;
    let overSocket: Promise<LiveMessage[]> | undefined;
    const comparison = stack.ask(
      { query: 'A comparison through a restart [[simulate chunks=80 chunk-ms=30]]', models: THREE_MODELS },
      { path: '/api/compare/stream' },
    );
    const single = stack.ask(
      { ...SEARCH_BODY, query: 'A long answer through a restart [[simulate chunks=150 chunk-ms=20]]' },
      {
        onEvent: (event) => {
          // A second watcher of the same answer, over the live socket (another tab).
          if (event.event === 'start') overSocket = watchOverLiveSocket(String(event.data.requestId));
          if (event.event !== 'chunk') return;
          // Restart once the single answer is well under way (and the comparison too).
          chunksSeen += 1;
          if (chunksSeen === 20) restartOnce();
        },
      },
    );
    const [singleResult, comparisonResult] = await Promise.all([single, comparison]);
    await restarted;
    const socketMessages = await overSocket!;

    // Every stream ended: with its answer, or with an error the page offers to retry.
    const singleLast = singleResult.events.at(-1)!;
    expect(['end', 'error']).toContain(singleLast.event);
    if (singleLast.event === 'error') expect(singleLast.data.retryable).toBe(true);
    const comparisonLast = comparisonResult.events.at(-1)!;
    expect(['all_complete', 'error']).toContain(comparisonLast.event);
    if (comparisonLast.event === 'error') expect(comparisonLast.data.retryable).toBe(true);
    expect(timings.healthRedAt).toBeGreaterThan(0);

    // Nothing stays open or held, no answer is lost, and the reader gets every answer whole, chunk by chunk, with
    // `seq` still rising across the restart. A stream that ended with the retryable error (Redis took longer to come
    // back than a stream waits, as on a loaded machine) is resumed from its last event, as the page's retry does, so
    // the same checks hold however the stream ended.
    const requestIds = [singleResult, comparisonResult].map((result) => String(result.events[0]!.data.requestId));
    await waitUntil(async () => (await stack.records().count(ModelRun, { request: { $in: requestIds }, status: { $in: ['queued', 'running'] } })) === 0);
    const runs = await stack.records().find(ModelRun, { request: { $in: requestIds } });
    expect(runs.map((run) => run.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    const [singleView, comparisonView] = await Promise.all(
      [singleResult, comparisonResult].map(async (result, index) => {
        if (['end', 'all_complete'].includes(result.events.at(-1)!.event)) return result.events;
        const lastId = Number(result.events.filter((event) => event.id !== '').at(-1)!.id);
        return [...result.events.slice(0, -1), ...(await resume(requestIds[index]!, lastId))];
      }),
    );
    for (const view of [singleView!, comparisonView!]) {
      expect(['end', 'all_complete']).toContain(view.at(-1)!.event);
      const streamed = chunksPerRun(view);
      for (const run of runs.filter((candidate) => candidate.request.id === String(view[0]!.data.requestId))) expect(streamed.get(run.id)).toBe(run.answerText);
    }
    // The socket watcher's view ends too, and holds the same chunks: all of them, or (ended with the retryable
    // error) a clean beginning the page resumes from.
    const socketLast = socketMessages.at(-1)!;
    expect(socketLast.type === 'error' || socketLast.event === 'end' || (socketLast.event === 'error' && socketLast.data?.retryable === true)).toBe(true);
    const socketText = socketMessages.filter((message) => message.type === 'event' && message.event === 'chunk').map((message) => String(message.data!.content)).join('');
    const singleRun = runs.find((run) => run.request.id === requestIds[0])!;
    expect(singleRun.answerText!.startsWith(socketText)).toBe(true);
    if (socketLast.event === 'end') expect(socketText).toBe(singleRun.answerText);
    for (const result of [singleResult, comparisonResult]) {
      // A closing error frame carries no id of its own (nothing stored stands behind it); an SSE reader keeps the last one.
      const ids = result.events.filter((event) => event.id !== '' && !['all_complete', 'error'].includes(event.event)).map((event) => Number(event.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);
    }
    const holds = await stack
      .records()
      .getConnection()
      // The database is this test file's own: every hold in it must be resolved.
      .execute<{ held: string }[]>(`select count(*) as held from credit_holds where status = 'held'`);
    expect(Number(holds[0]?.held)).toBe(0);

    // Resuming the single answer from the last event of the old Redis (where `seq` jumps to the new one's clock)
    // gives exactly what followed it.
    const singleIds = singleView!.filter((event) => event.id !== '').map((event) => Number(event.id));
    const jump = singleIds.findIndex((id, index) => index + 1 < singleIds.length && singleIds[index + 1]! > id + 1);
    expect(jump).toBeGreaterThan(0);
    const seqBeforeRestart = singleIds[jump]!;
    const rest = await resume(requestIds[0]!, seqBeforeRestart);
    const followed = singleView!.filter((event) => event.id !== '' && Number(event.id) > seqBeforeRestart);
    expect(rest.map((event) => ({ event: event.event, id: event.id, data: event.data }))).toEqual(
      followed.map((event) => ({ event: event.event, id: event.id, data: event.data })),
    );

    // The request that finished before the restart: its end is told again from Postgres, after the old last seq.
    const again = await resume(earlierRequestId, earlierLastSeq);
    expect(again.map((event) => event.event)).toEqual(['end']);
    expect(Number(again[0]!.id)).toBeGreaterThan(earlierLastSeq);
    expect(again[0]!.data).toMatchObject({ response: earlier.events.at(-1)!.data.response });

    // And the next question answers normally.
    const next = await stack.ask({ ...SEARCH_BODY, query: 'After the restart [[simulate chunks=5]]' });
    expect(next.events.at(-1)?.event).toBe('end');

    console.info(
      `redis restart: health red at once, green ${Math.round(timings.healthGreenAt - timings.crashedAt)} ms after the crash ` +
        `(${Math.round(timings.healthGreenAt - timings.crashedAt - 500)} ms after Redis was back); single ended with ${singleLast.event}, comparison with ${comparisonLast.event}`,
    );
  });

  it('ends an open stream with a retryable error when Redis stays away, keeps the answer, and resumes it afterwards', { timeout: 120_000 }, async () => {
    let crashedAt = 0;
    let overSocket: Promise<LiveMessage[]> | undefined;
    const result = await stack.ask(
      { ...SEARCH_BODY, query: 'An answer through a long outage [[simulate chunks=60 chunk-ms=30]]' },
      {
        onEvent: (event) => {
          if (event.event === 'start') overSocket = watchOverLiveSocket(String(event.data.requestId));
          if (event.event === 'chunk' && crashedAt === 0) {
            crashedAt = performance.now();
            void redis.crash();
          }
        },
      },
    );
    const endedAt = performance.now();
    const last = result.events.at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryable: true });
    // The same over the live socket: the subscription ends with an error instead of waiting.
    expect((await overSocket!).at(-1)).toMatchObject({ type: 'error', code: 'SERVICE_UNAVAILABLE' });
    const requestId = String(result.events[0]!.data.requestId);
    const lastSeq = Math.max(...result.events.filter((event) => event.event === 'chunk').map((event) => Number(event.id)));

    await redis.start();
    const backAt = performance.now();
    await waitUntil(healthy);
    const greenAt = performance.now();
    // The worker carried on once Redis was back: the answer is stored whole and charged once, no hold is left.
    await waitUntil(async () => (await stack.records().count(ModelRun, { request: requestId, status: 'completed' })) === 1);
    const [run] = await stack.records().find(ModelRun, { request: requestId });
    const holds = await stack.records().getConnection().execute<{ status: string }[]>(`select status from credit_holds where run_id = ?`, [run!.id]);
    expect(holds.map((hold) => hold.status)).toEqual(['captured']);

    // The browser's retry: resuming from its last event gives the rest, and the end with the whole answer.
    const rest = await resume(requestId, lastSeq);
    expect(rest.at(-1)!.event).toBe('end');
    expect(rest.at(-1)!.data.response).toBe(run!.answerText);
    for (const event of rest) expect(Number(event.id)).toBeGreaterThan(lastSeq);
    console.info(
      `redis down for good: the stream ended with SERVICE_UNAVAILABLE ${Math.round(endedAt - crashedAt)} ms after the crash; ` +
        `health green ${Math.round(greenAt - backAt)} ms after Redis was back`,
    );
  });
});

async function waitUntil(probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
