import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { startQuorumProcess, type QuorumProcess } from '../support/quorum-processes.ts';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

describe('when a worker dies mid-answer', () => {
  let stack: TestStack;
  let worker: QuorumProcess | undefined;

  beforeAll(async () => {
    stack = await startTestStack({ withWorker: false, environment: { RUN_LEASE_MS: '1500' } });
  });

  afterEach(async () => {
    await worker?.kill('SIGKILL');
  });

  afterAll(async () => {
    await stack?.close();
  });

  // A worker process starts in seconds, but on a loaded machine it may take most of a minute.
  it('sends the browser an error event instead of hanging, stores the run as failed, and stays up', { timeout: 120_000 }, async () => {
    worker = startQuorumProcess('worker/main.ts', { ...stack.environment, LOG_LEVEL: 'info' });
    await worker.waitForOutput('worker ready', 60_000);

    let killedAfterMs = 0;
    const result = await stack.ask(
      { ...SEARCH_BODY, query: 'A long answer please [[simulate chunks=200 chunk-ms=50]]' },
      {
        onEvent: async (event) => {
          if (event.event === 'chunk' && killedAfterMs === 0) {
            killedAfterMs = event.receivedAfterMs;
            await worker!.kill('SIGKILL');
          }
        },
      },
    );

    const last = result.events.at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data).toMatchObject({ code: 'WORKER_LOST', retryable: true, message: 'The model stopped responding. Please try again.' });
    // Noticed within a couple of lease periods, not BullMQ's 30-second stall check.
    expect(last.receivedAfterMs - killedAfterMs).toBeLessThan(6_000);
    expect(result.events.filter((event) => event.event === 'chunk').length).toBeLessThan(200);

    const run = await stack.records().findOneOrFail(ModelRun, String(last.data.runId), { populate: ['request'] });
    expect(run.status).toBe('error');
    expect(run.errorCode).toBe('WORKER_LOST');
    expect(run.request.status).toBe('error');
    // Not charged: the hold was released and no charge exists.
    expect(run.creditsCharged).toBe(0);
    const [hold] = await stack.records().getConnection().execute<{ status: string }[]>(`select status from credit_holds where run_id = ?`, [run.id]);
    expect(hold?.status).toBe('released');

    const health = await fetch(`${stack.baseUrl}/api/health`);
    expect(health.status).toBe(200);
  });

  it('lets a worker that is stopped gracefully finish the answer it is streaming', { timeout: 120_000 }, async () => {
    worker = startQuorumProcess('worker/main.ts', { ...stack.environment, LOG_LEVEL: 'info' });
    await worker.waitForOutput('worker ready', 60_000);

    let stopped: Promise<number | null> | undefined;
    const result = await stack.ask(
      { ...SEARCH_BODY, query: 'Finish what you started [[simulate chunks=20 chunk-ms=30]]' },
      {
        onEvent: (event) => {
          if (event.event === 'chunk' && !stopped) stopped = worker!.kill('SIGTERM');
        },
      },
    );
    expect(result.events.at(-1)!.event).toBe('end');
    expect(result.events.filter((event) => event.event === 'chunk')).toHaveLength(20);
    expect(await stopped).toBe(0);
  });
});

describe('when no worker is running', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ withWorker: false, environment: { QUEUE_WAIT_TIMEOUT_MS: '1500' } });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('takes the job back off the queue after the wait limit and tells the browser', async () => {
    const result = await stack.ask({ ...SEARCH_BODY, query: 'Hello, anyone?' });
    const last = result.events.at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data).toMatchObject({ code: 'QUEUE_TIMEOUT', retryable: true });
    expect(await stack.app.answerQueue.count()).toBe(0);
    const run = await stack.records().findOneOrFail(ModelRun, String(last.data.runId));
    expect(run.status).toBe('error');
  });
});
