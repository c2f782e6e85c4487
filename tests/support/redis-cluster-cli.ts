/**
 * Starts a local Redis Cluster (3 masters, 1 replica each) and keeps it up until Ctrl-C, then tears it down:
 *   npm run redis:cluster
 * It prints the REDIS_CLUSTER_NODES value to start Quorum (or the tests, or the benchmark) against it.
 */
import { startLocalRedisCluster } from './redis-cluster.ts';

const cluster = await startLocalRedisCluster();
const { masters, replicas } = await cluster.roles();
console.log(`Redis Cluster up: masters on ${masters.join(', ')}; replicas ${replicas.map((r) => `${r.port}→${r.masterPort}`).join(', ')}`);
console.log(`REDIS_CLUSTER_NODES=${cluster.nodes}`);
console.log('Ctrl-C stops every node and deletes its files.');
const stop = () => {
  void cluster.stop().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
setInterval(() => undefined, 1 << 30);
