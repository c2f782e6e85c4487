import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from 'ioredis';
import { runLeaseKey } from '../../core/events/request-event-keys.ts';
import { waitUntilReady } from '../../core/redis/redis-connection.ts';
import { dropLeasesOf } from '../../scripts/lost-worker-leases.ts';
import { createIsolatedRedisPrefix, openTestRedis } from '../support/isolated-resources.ts';

/**
 * The launcher drops a dead worker's run leases by walking the keys: on a cluster each master holds only its own
 * slots' leases, so every master is walked, and only the dead worker's leases go.
 */
let redis: Awaited<ReturnType<typeof createIsolatedRedisPrefix>>;
let cluster: Cluster;

beforeAll(async () => {
  redis = await createIsolatedRedisPrefix();
  cluster = openTestRedis(redis.redisUrl, redis.clusterNodes) as Cluster;
  // Until the client has mapped the cluster, a command naming no key (KEYSLOT below) can go to a replica it drops.
  await waitUntilReady(cluster);
});

afterAll(async () => {
  await cluster?.quit();
  await redis?.cleanup();
});

describe('dropping a dead worker’s leases on a cluster', () => {
  it('finds them on every master and keeps the living worker’s', async () => {
    const dead = Array.from({ length: 30 }, () => runLeaseKey(redis.keyPrefix, randomUUID()));
    const alive = Array.from({ length: 10 }, () => runLeaseKey(redis.keyPrefix, randomUUID()));
    await Promise.all([...dead.map((key) => cluster.set(key, 'host:1', 'PX', 60_000)), ...alive.map((key) => cluster.set(key, 'host:2', 'PX', 60_000))]);
    // The client's slot table: each slot's master first.
    const mastersHolding = new Set(await Promise.all(dead.map(async (key) => cluster.slots[Number(await cluster.cluster('KEYSLOT', key))]![0])));
    expect(mastersHolding.size).toBeGreaterThan(1);

    expect(await dropLeasesOf(cluster, redis.keyPrefix, 'host:1')).toBe(30);
    expect(await Promise.all(dead.map((key) => cluster.exists(key)))).toEqual(dead.map(() => 0));
    expect(await Promise.all(alive.map((key) => cluster.get(key)))).toEqual(alive.map(() => 'host:2'));
  });
});
