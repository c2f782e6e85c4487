import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { answerText, SEARCH_BODY } from '../support/search-stream-client.ts';
import type { TcpProxy } from '../support/tcp-proxy.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { databaseBehindProxy, type DatabaseBehindProxy } from '../support/database-behind-proxy.ts';

/**
 * Postgres goes away while a model is answering and stays away past the moment the answer is finished. The worker
 * holds the answer (and its lease, so the server's watchdog does not call it lost) and stores it once Postgres is
 * back: the person gets their whole answer, charged once, and no `WORKER_LOST`.
 */
describe('when Postgres goes away mid-answer', () => {
  let stack: TestStack;
  let proxy: TcpProxy;
  let database: DatabaseBehindProxy;

  beforeAll(async () => {
    database = await databaseBehindProxy();
    proxy = database.proxy;
    // Server and worker both reach Postgres through the proxy; the test's own inspector goes direct.
    stack = await startTestStack({ environment: { DATABASE_URL: database.proxiedUrl, RUN_LEASE_MS: '1500' } });
  });

  afterAll(async () => {
    await database?.close(stack);
  });

  it('keeps the finished answer until Postgres is back, then stores, charges and ends it', { timeout: 60_000 }, async () => {
    let cutAt = 0;
    let restoredAt = 0;
    const outageMs = 5_000;
    const result = await stack.ask(
      { ...SEARCH_BODY, query: 'An answer through a database outage [[simulate chunks=30 chunk-ms=20]]' },
      {
        onEvent: (event) => {
          if (event.event === 'chunk' && cutAt === 0) {
            cutAt = performance.now();
            proxy.cut();
            // Longer than three lease periods: a watchdog that mistook the wait for a dead worker would have acted.
            setTimeout(() => {
              restoredAt = performance.now();
              proxy.restore();
            }, outageMs);
          }
        },
      },
    );
    const endedAt = performance.now();

    const last = result.events.at(-1)!;
    expect(last.event).toBe('end');
    expect(restoredAt).toBeGreaterThan(0);
    expect(endedAt).toBeGreaterThan(restoredAt);
    const run = await stack.records().findOneOrFail(ModelRun, String(last.data.runId));
    expect(run.status).toBe('completed');
    expect(run.errorCode).toBeNull();
    expect(run.answerText).toBe(answerText(result.events));
    expect(last.data.response).toBe(run.answerText);
    expect(run.creditsCharged).toBeGreaterThan(0);
    const holds = await stack.records().getConnection().execute<{ status: string }[]>(`select status from credit_holds where run_id = ?`, [run.id]);
    expect(holds.map((hold) => hold.status)).toEqual(['captured']);

    const health = await fetch(`${stack.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    console.info(`postgres outage of ${outageMs} ms mid-answer: answer stored and ended ${Math.round(endedAt - restoredAt)} ms after Postgres was back`);
  });
});
