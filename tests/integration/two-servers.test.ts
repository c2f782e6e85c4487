import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logging/create-logger.ts';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { startWorkerProcess, type RunningWorkerProcess } from '../../worker/worker-process.ts';
import { readServerSentEvents, type ReceivedEvent, SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { startSecondServer, type SecondServer } from '../support/second-server.ts';

/**
 * Two servers and two workers on one Redis and one Postgres, as behind a load balancer: nothing about a request
 * lives in the server that admitted it, so another server can resume it and stop it.
 */
describe('two servers, two workers', () => {
  let stack: TestStack;
  let second: SecondServer;
  let secondUrl: string;
  let secondWorker: RunningWorkerProcess;

  beforeAll(async () => {
    stack = await startTestStack();
    second = await startSecondServer(stack.config);
    secondUrl = second.url;
    secondWorker = await startWorkerProcess(stack.config, createLogger(stack.config, 'worker'));
  });

  afterAll(async () => {
    await secondWorker?.close(500);
    await second?.close();
    await stack?.close();
  });

  async function follow(baseUrl: string, requestId: string, afterSeq: number): Promise<ReceivedEvent[]> {
    const response = await fetch(`${baseUrl}/api/requests/${requestId}/events`, {
      headers: { 'last-event-id': String(afterSeq), cookie: stack.fundedCookie },
      signal: AbortSignal.timeout(30_000),
    });
    return readServerSentEvents(response);
  }

  it('resumes an answer admitted on one server through the other, and stops it there', { timeout: 60_000 }, async () => {
    // Asked on the first server; the browser leaves after a few chunks.
    const leave = new AbortController();
    let requestId = '';
    let lastSeq = 0;
    let chunks = 0;
    await stack
      .ask({ ...SEARCH_BODY, query: 'Through two servers [[simulate chunks=200 chunk-ms=30]]' }, {
        signal: leave.signal,
        onEvent: (event) => {
          requestId ||= String(event.data.requestId);
          if (event.event !== 'chunk') return;
          lastSeq = Number(event.id);
          if (++chunks === 5) leave.abort();
        },
      })
      .catch(() => undefined);
    expect(lastSeq).toBeGreaterThan(0);

    // Resumed through the second server, from the last event seen, and stopped through it a moment later.
    const resumed = follow(secondUrl, requestId, lastSeq);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = await fetch(`${secondUrl}/api/requests/${requestId}/cancel`, {
      method: 'POST',
      headers: { cookie: stack.fundedCookie, 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(stopped.status).toBe(200);
    const rest = await resumed;

    const ids = rest.filter((event) => event.event === 'chunk').map((event) => Number(event.id));
    expect(ids[0]).toBe(lastSeq + 1);
    expect(ids).toEqual(ids.map((_, index) => lastSeq + 1 + index));
    expect(rest.at(-1)).toMatchObject({ event: 'error', data: { code: 'CANCELLED', retryable: false } });
    const [run] = await stack.records().find(ModelRun, { request: requestId });
    expect(run).toMatchObject({ status: 'error', errorCode: 'CANCELLED', creditsCharged: 0 });
    const holds = await stack.records().getConnection().execute<{ status: string }[]>(`select status from credit_holds where run_id = ?`, [run!.id]);
    expect(holds.map((hold) => hold.status)).toEqual(['released']);
  });
});
