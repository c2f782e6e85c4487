import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { createIsolatedDatabase } from '../support/isolated-resources.ts';
import { startQuorumProcess, type QuorumProcess } from '../support/quorum-processes.ts';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import { proxyInFront, type TcpProxy } from '../support/tcp-proxy.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * The only worker dies while Postgres is down, so nobody else (no sweeper) will end its run. The server's watchdog
 * cannot record the ending during the outage; it must keep trying, and end the run as soon as Postgres is back.
 */
describe('when a worker dies while Postgres is down', () => {
  let stack: TestStack;
  let proxy: TcpProxy;
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let worker: QuorumProcess | undefined;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    const inFront = await proxyInFront(database.url, 5432);
    proxy = inFront.proxy;
    stack = await startTestStack({ withWorker: false, environment: { DATABASE_URL: inFront.url, RUN_LEASE_MS: '1500' } });
  });

  afterEach(async () => {
    await worker?.kill('SIGKILL');
  });

  afterAll(async () => {
    proxy?.restore();
    await stack?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('keeps watching through the outage and tells the browser once the ending is recorded', { timeout: 60_000 }, async () => {
    worker = startQuorumProcess('worker/main.ts', { ...stack.environment, LOG_LEVEL: 'info' });
    await worker.waitForOutput('worker ready');
    let restoredAt = 0;
    const result = await stack.ask(
      { ...SEARCH_BODY, query: 'Lost during an outage [[simulate chunks=200 chunk-ms=50]]' },
      {
        onEvent: async (event) => {
          if (event.event === 'chunk' && restoredAt === 0) {
            restoredAt = -1;
            proxy.cut();
            await worker!.kill('SIGKILL');
            setTimeout(() => {
              restoredAt = performance.now();
              proxy.restore();
            }, 5_000);
          }
        },
      },
    );
    const endedAt = performance.now();

    const last = result.events.at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data).toMatchObject({ code: 'WORKER_LOST', retryable: true });
    expect(endedAt).toBeGreaterThan(restoredAt);
    const run = await stack.records().findOneOrFail(ModelRun, String(last.data.runId));
    expect(run.status).toBe('error');
    expect(run.errorCode).toBe('WORKER_LOST');
    const holds = await stack.records().getConnection().execute<{ status: string }[]>(`select status from credit_holds where run_id = ?`, [run.id]);
    expect(holds.map((hold) => hold.status)).toEqual(['released']);
    console.info(`worker killed during a 5 s Postgres outage: the browser heard WORKER_LOST ${Math.round(endedAt - restoredAt)} ms after Postgres was back`);
  });
});
