import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from 'ioredis';
import pino from 'pino';
import { readRequestEvents } from '../../core/events/request-event-reader.ts';
import { requestEventKeys } from '../../core/events/request-event-keys.ts';
import { RequestEventWriter } from '../../core/events/request-event-writer.ts';
import { createRedisConnection, waitUntilReady } from '../../core/redis/redis-connection.ts';
import { PipelinedAppends } from '../../worker/jobs/pipelined-appends.ts';
import { createIsolatedRedisPrefix } from '../support/isolated-resources.ts';
import { clusterPorts } from '../support/redis-cluster.ts';

/**
 * What a failover does to a worker's client, made to happen on purpose: the client drops its connection to the
 * master that held a run's stream (as it does once that master is demoted), the appends in flight on it fail with
 * "Connection is closed" and are retried after `retryDelayOnFailover`, while the ones sent next find the master
 * anew and land first. The stream must still hold the run's text in the order the worker sent it, once each.
 */
let isolated: Awaited<ReturnType<typeof createIsolatedRedisPrefix>>;
let cluster: Cluster;

beforeAll(async () => {
  isolated = await createIsolatedRedisPrefix();
  const clusterNodes = clusterPorts(isolated.clusterNodes!).map((port) => ({ host: '127.0.0.1', port }));
  // The worker's own kind of connection, with its retry delays.
  cluster = createRedisConnection({ url: isolated.redisUrl, clusterNodes }, 'worker', pino({ level: 'silent' }), 'appends-retried-test') as Cluster;
  await waitUntilReady(cluster);
});

afterAll(async () => {
  await cluster?.quit();
  await isolated?.cleanup();
});

describe('a run\'s appends retried after the client drops a master\'s connection', () => {
  it('land in the order sent, each once', async () => {
    const writer = new RequestEventWriter(cluster, { keyPrefix: isolated.keyPrefix, streamTtlSeconds: 600, streamMaxEvents: 10_000 });
    const base = { requestId: 'retried-after-failover', runId: 'run-r' };
    const keys = requestEventKeys(isolated.keyPrefix, base.requestId);
    const appends = new PipelinedAppends(writer);
    const texts = Array.from({ length: 40 }, (_, index) => `chunk ${index} `);

    // The stream exists and its master's connection is known before anything is dropped.
    await appends.append({ ...base, type: 'text_delta', text: texts[0]! });
    await appends.drain();
    const slot = Number(await cluster.cluster('KEYSLOT', keys.stream));
    const owner = cluster.nodes('master').find((node) => `${node.options.host}:${node.options.port}` === cluster.slots[slot]![0])!;

    for (const text of texts.slice(1, 20)) await appends.append({ ...base, type: 'text_delta', text });
    owner.disconnect();
    for (const text of texts.slice(20)) await appends.append({ ...base, type: 'text_delta', text });
    await appends.drain();

    const stored = await readRequestEvents(cluster, isolated.keyPrefix, base.requestId);
    expect(stored.map((event) => (event.type === 'text_delta' ? event.text : event.type))).toEqual(texts);
  });
});
