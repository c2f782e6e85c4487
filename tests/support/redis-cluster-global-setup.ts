import { startLocalRedisCluster, type LocalRedisCluster } from './redis-cluster.ts';

/**
 * The cluster suite's vitest global set-up: one local Redis Cluster (3 masters, 1 replica each) for the whole run.
 * Its nodes go into REDIS_CLUSTER_NODES before the test processes start, so every test stack, its server and its
 * worker use the cluster instead of REDIS_URL. A cluster given from outside (REDIS_CLUSTER_NODES already set) is
 * used as it is.
 */
let cluster: LocalRedisCluster | undefined;

export async function setup(): Promise<void> {
  if (process.env.REDIS_CLUSTER_NODES) return;
  cluster = await startLocalRedisCluster();
  process.env.REDIS_CLUSTER_NODES = cluster.nodes;
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
}
