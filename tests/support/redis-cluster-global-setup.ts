import { startLocalRedisCluster, type LocalRedisCluster } from './redis-cluster.ts';

/**
 * The cluster suite's vitest global set-up: one local Redis Cluster (3 masters, 1 replica each) for the whole run.
 * Its nodes go into REDIS_CLUSTER_NODES before the test processes start, so every test stack, its server and its
 * worker use the cluster instead of REDIS_URL. A cluster given from outside (REDIS_CLUSTER_NODES already set) is
 * used as it is. Every stack splits the answer queue in three (ANSWER_QUEUE_PARTITIONS, one partition per master),
 * so the suite's streaming, stop and tracking tests run over partitions.
 */
let cluster: LocalRedisCluster | undefined;

export async function setup(): Promise<void> {
  process.env.ANSWER_QUEUE_PARTITIONS ??= '3';
  if (process.env.REDIS_CLUSTER_NODES) return;
  cluster = await startLocalRedisCluster();
  process.env.REDIS_CLUSTER_NODES = cluster.nodes;
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
}
