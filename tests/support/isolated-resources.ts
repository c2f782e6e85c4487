import { randomBytes } from 'node:crypto';
import { Cluster, Redis } from 'ioredis';
import pg from 'pg';
import { quoteIdentifier } from '../../core/database/open-database.ts';
import { testServices } from './test-services.ts';

/** A database of its own for one test file, dropped afterwards, so files run in parallel without seeing each other. */
export async function createIsolatedDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const { postgresAdminUrl } = await testServices();
  const name = `quorum_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${quoteIdentifier(name)}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: postgresAdminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A Redis key prefix of its own (queues, streams, leases), with every key under it deleted afterwards. When the test
 * process runs against a Redis Cluster (REDIS_CLUSTER_NODES, set by the cluster suite), `clusterNodes` says where,
 * and the clean-up walks every master.
 */
export async function createIsolatedRedisPrefix(): Promise<{
  redisUrl: string;
  clusterNodes: string | undefined;
  keyPrefix: string;
  cleanup(): Promise<void>;
}> {
  const { redisUrl, redisClusterNodes } = await testServices();
  const keyPrefix = `quorum-test-${randomBytes(6).toString('hex')}`;
  return {
    redisUrl,
    clusterNodes: redisClusterNodes,
    keyPrefix,
    async cleanup() {
      const redis = openTestRedis(redisUrl, redisClusterNodes);
      try {
        const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
        await Promise.all(nodes.map((node) => deleteMatching(node, redis, `${keyPrefix}:*`)));
      } finally {
        await redis.quit();
      }
    },
  };
}

/** A plain connection for a test to look into Redis (or its cluster) the way Quorum's processes see it. */
export function openTestRedis(redisUrl: string, clusterNodes: string | undefined): Redis | Cluster {
  if (!clusterNodes) return new Redis(redisUrl, { maxRetriesPerRequest: null });
  const nodes = clusterNodes.split(',').map((entry) => {
    const [host, port] = entry.split(':');
    return { host: host!, port: Number(port) };
  });
  return new Cluster(nodes, { redisOptions: { maxRetriesPerRequest: null } });
}

async function deleteMatching(node: Redis, redis: Redis | Cluster, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    // One key per DEL: on a cluster, keys of different slots cannot go in one command.
    await Promise.all(keys.map((key) => redis.del(key)));
  } while (cursor !== '0');
}

/** Every key matching `pattern`: KEYS on one Redis, or on every master of a cluster (each holds only its slots). */
export async function keysMatching(redis: Redis | Cluster, pattern: string): Promise<string[]> {
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  return (await Promise.all(nodes.map((node) => node.keys(pattern)))).flat();
}
