import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { SearchRequest } from '../../core/database/entities/search-request.ts';
import { runLeaseKey } from '../../core/events/request-event-keys.ts';
import { RequestEventWriter } from '../../core/events/request-event-writer.ts';
import { AnswerQueue } from '../../core/jobs/answer-queue.ts';
import { failRun } from '../../core/runs/run-lifecycle.ts';
import { createRedisConnection, waitUntilReady } from '../../core/redis/redis-connection.ts';
import { RunLease } from '../../worker/jobs/run-lease.ts';
import { sweepStaleRuns } from '../../worker/stale-run-sweeper.ts';
import { startOwnRedis, type OwnRedis } from '../support/own-redis.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * A Redis restart without persistence erases every run lease. A live worker must not be taken for a dead one: its
 * leases come back the moment its connection is ready again, and the sweeper (which no event vouches to) calls a lease
 * lapsed only when it is missing twice, a lease's lifetime apart, and never from a read made across the reconnect.
 */
const LEASE_MS = 1_500;
const silent = pino({ level: 'silent' });

let redis: OwnRedis;
let stack: TestStack;

beforeAll(async () => {
  redis = await startOwnRedis();
  stack = await startTestStack({ withWorker: false, environment: { REDIS_URL: redis.url } });
});

afterAll(async () => {
  await stack?.close();
  await redis?.stop();
});

async function runningRun(): Promise<string> {
  const em = stack.records();
  const request = em.create(SearchRequest, { id: randomUUID(), query: 'q', engine: 'openai', model: 'gpt-4o-mini', openRuns: 1 });
  const run = em.create(ModelRun, { id: randomUUID(), request, engine: 'openai', model: 'gpt-4o-mini', status: 'running', startedAt: new Date(Date.now() - 60_000) });
  await em.flush();
  return run.id;
}

async function sweep(connection: typeof stack.app.redis): Promise<number> {
  const queue = new AnswerQueue({ url: redis.url }, stack.config.redis.keyPrefix, stack.config.redis.answerQueuePartitions);
  try {
    return await sweepStaleRuns({
      orm: stack.app.orm,
      redis: connection,
      queue,
      writer: new RequestEventWriter(connection, { keyPrefix: stack.config.redis.keyPrefix, streamTtlSeconds: 600, streamMaxEvents: 1_000 }),
      logger: silent,
      keyPrefix: stack.config.redis.keyPrefix,
      runLeaseMs: LEASE_MS,
      queueWaitTimeoutMs: 60_000,
    });
  } finally {
    await queue.close();
  }
}

async function statusOf(runId: string): Promise<string> {
  return (await stack.records().findOneOrFail(ModelRun, runId)).status;
}

describe('run leases across a Redis restart', () => {
  it('sets every lease again as soon as the worker is reconnected, not at its next tick', { timeout: 30_000 }, async () => {
    const connection = createRedisConnection({ url: redis.url }, 'worker', silent, 'test-lease-holder');
    await waitUntilReady(connection);
    // A lease long enough that its own tick (every 20 s) cannot be what brings it back within this test.
    const leases = [randomUUID(), randomUUID(), randomUUID()].map((runId) => ({ runId, lease: new RunLease(connection, stack.config.redis.keyPrefix, runId, 60_000) }));
    await Promise.all(leases.map(({ lease }) => lease.acquire()));
    const inspector = createRedisConnection({ url: redis.url }, 'worker', silent, 'test-lease-inspector');
    try {
      await redis.restart();
      await waitUntilReady(inspector);
      const keys = leases.map(({ runId }) => runLeaseKey(stack.config.redis.keyPrefix, runId));
      const deadline = Date.now() + 5_000;
      let present = 0;
      while (Date.now() < deadline) {
        present = await inspector.exists(...keys);
        if (present === keys.length) break;
        await sleep(50);
      }
      expect(present).toBe(keys.length);
      await Promise.all(leases.map(({ lease }) => lease.release()));
      expect(await inspector.exists(...keys)).toBe(0);
    } finally {
      connection.disconnect();
      inspector.disconnect();
    }
  });

  it('does not end a run whose lease is missing once but back within a lease lifetime', { timeout: 30_000 }, async () => {
    // The server's connection went through the restart above: wait until a missing lease means something again.
    await sleep(LEASE_MS);
    const alive = await runningRun();
    const dead = await runningRun();
    // The worker of `alive` reconnects a moment after the sweeper read its lease as missing.
    const reconnecting = sleep(LEASE_MS / 3).then(() => stack.app.redis.set(runLeaseKey(stack.config.redis.keyPrefix, alive), '1', 'PX', 60_000));
    const swept = await sweep(stack.app.redis);
    await reconnecting;
    expect(await statusOf(alive)).toBe('running');
    // A worker that really died is still found, one lease lifetime later.
    expect(await statusOf(dead)).toBe('error');
    expect(swept).toBe(1);
    await stack.app.redis.del(runLeaseKey(stack.config.redis.keyPrefix, alive));
    await failRun(stack.records(), alive, { code: 'TEST_DONE', message: 'done' });
  });

  it('does not end a live run from a lease read that waited out the outage in the offline queue', { timeout: 30_000 }, async () => {
    const runId = await runningRun();
    const workerConnection = createRedisConnection({ url: redis.url }, 'worker', silent, 'test-worker-commands');
    const sweeperConnection = createRedisConnection({ url: redis.url }, 'worker', silent, 'test-sweeper-commands');
    await Promise.all([waitUntilReady(workerConnection), waitUntilReady(sweeperConnection)]);
    const lease = new RunLease(workerConnection, stack.config.redis.keyPrefix, runId, 60_000);
    await lease.acquire();
    try {
      await redis.crash();
      // The sweep starts while Redis is away: its lease read waits in the offline queue and runs on reconnecting.
      const sweeping = sweep(sweeperConnection);
      await sleep(300);
      await redis.start();
      await sweeping;
      expect(await statusOf(runId)).toBe('running');
    } finally {
      await lease.release();
      await failRun(stack.records(), runId, { code: 'TEST_DONE', message: 'done' });
      workerConnection.disconnect();
      sweeperConnection.disconnect();
    }
  });
});
