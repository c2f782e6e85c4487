import type { Cluster, Redis } from 'ioredis';

/**
 * A connection to Quorum's Redis: one server (`REDIS_URL`) or a Redis Cluster (`REDIS_CLUSTER_NODES`). Both speak
 * the same commands; code that needs a key's node or every master (a SCAN) asks `isCluster` first.
 */
export type RedisClient = Redis | Cluster;

export function isCluster(redis: RedisClient): redis is Cluster {
  return redis.isCluster;
}
