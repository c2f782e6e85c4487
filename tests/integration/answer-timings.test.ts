import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logging/create-logger.ts';
import { requestResults } from '../../core/requests/request-results.ts';
import { startWorkerProcess, type RunningWorkerProcess } from '../../worker/worker-process.ts';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * "First token 0.4 s · 2.1 s total" is what the person asking waited: from the moment Quorum accepted the question,
 * queue and pickup included, to the first token and to the end. The worker calls the provider before its claim of
 * the run returns, so a figure counted from the claim could read 0.0 s after a wait of hundreds of milliseconds.
 * Here the question waits in the queue for a worker that has not started yet.
 */

let stack: TestStack;
let worker: RunningWorkerProcess | undefined;

beforeAll(async () => {
  stack = await startTestStack({ withWorker: false });
});

afterAll(async () => {
  await worker?.close(500);
  await stack?.close();
});

/** How long the newest run has existed, by Postgres's clock (its `created_at` is Postgres's too). */
async function newestRunAgeMs(): Promise<number> {
  const rows = await stack.records().execute<{ age: string | null }[]>(
    `select extract(epoch from clock_timestamp() - max(created_at)) * 1000 as age from model_runs`,
  );
  return Number(rows[0]?.age ?? 0);
}

const QUEUED_MS = 700;

describe('an answer’s timings', () => {
  it('count from the question’s acceptance, the wait for a worker included, live and in the record', async () => {
    const answering = stack.ask({ ...SEARCH_BODY, query: 'How long did I wait? [[simulate chunks=6 chunk-ms=20]]' });
    await expect.poll(newestRunAgeMs, { timeout: 15_000 }).toBeGreaterThanOrEqual(QUEUED_MS);
    worker = await startWorkerProcess(stack.config, createLogger(stack.config, 'worker'));

    const result = await answering;
    const end = result.events.at(-1)!;
    expect(end.event).toBe('end');
    const live = end.data as { requestId: string; timeToFirstTokenMs: number; durationMs: number };
    expect(live.timeToFirstTokenMs).toBeGreaterThanOrEqual(QUEUED_MS);
    // The duration runs on past the first token to the end. (The simulator leaves 20 ms between chunks, but a busy
    // receiver can read several at once, so how far past it is not something the asker can be promised.)
    expect(live.durationMs).toBeGreaterThanOrEqual(live.timeToFirstTokenMs);
    // Never more than the asker saw: the stream was open from before acceptance until after the end.
    expect(live.durationMs).toBeLessThanOrEqual(end.receivedAfterMs);

    const [stored] = await requestResults(stack.records(), live.requestId);
    expect(stored).toMatchObject({ timeToFirstTokenMs: live.timeToFirstTokenMs, durationMs: live.durationMs });
  }, 60_000);
});
