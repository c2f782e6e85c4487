/**
 * What one run event costs Redis: the append script (position check, INCR, XADD, PUBLISH) with a subscriber listening on every
 * request's channel, as Quorum's servers do. Measured on one Redis and on a local 3-master Redis Cluster (1 replica
 * each), as CPU time of each redis-server process read from /proc (Linux) and divided by the events appended.
 *
 *   node --import tsx benchmarks/redis-event-cost.bench.ts     (npm run bench:redis-events)
 *
 * On the cluster the events go out as Quorum sends them there, with SPUBLISH (sharded pub/sub). The third round writes
 * only to requests whose keys live on one master, to show that the others pay nothing for it (a plain PUBLISH would
 * be copied to every node over the cluster bus). Replicas pay for every write of their master.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Cluster, Redis } from 'ioredis';
import { requestEventKeys, RequestEventWriter } from '../core/events/index.ts';
import { isCluster, type RedisClient } from '../core/redis/index.ts';
import { startOwnRedis } from '../tests/support/own-redis.ts';
import { startLocalRedisCluster } from '../tests/support/redis-cluster.ts';
import { readCpu } from './cpu-usage.ts';
import { formatTextTable } from './text-table.ts';

const REQUESTS = 400;
const EVENTS_PER_REQUEST = 100;
const KEY_PREFIX = 'bench-events';
/** Kernel clock ticks per second (USER_HZ): 100 on Linux. */
const TICKS_PER_SECOND = 100;

interface NodeCost {
  node: string;
  microsecondsPerEvent: number;
}

/** Appends EVENTS_PER_REQUEST events to each request, all requests at once, while `subscriber` listens to them all. */
async function appendRound(commands: RedisClient, subscriber: RedisClient, requestIds: string[], pids: Record<string, number>): Promise<{ costs: NodeCost[]; eventsPerSecond: number; received: number }> {
  const writer = new RequestEventWriter(commands, { keyPrefix: KEY_PREFIX, streamTtlSeconds: 600, streamMaxEvents: 10_000 });
  let received = 0;
  const count = () => (received += 1);
  // As Quorum's servers follow them: SUBSCRIBE on one Redis, SSUBSCRIBE (sharded, per master) on a cluster.
  const sharded = isCluster(subscriber);
  subscriber.on(sharded ? 'smessage' : 'message', count);
  const channels = requestIds.map((id) => requestEventKeys(KEY_PREFIX, id).channel);
  if (sharded) for (const channel of channels) await subscriber.ssubscribe(channel);
  else await subscriber.subscribe(...channels);
  const before = readCpu(pids);
  const started = performance.now();
  await Promise.all(
    requestIds.map(async (requestId) => {
      const runId = randomUUID();
      for (let index = 0; index < EVENTS_PER_REQUEST; index += 1) {
        // Numbered, as a worker sends a run's chunks (the script checks each is the run's next).
        await writer.appendInRunOrder({ requestId, runId, type: 'text_delta', text: `a delta of some forty characters, #${index}` }, index);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1_000;
  // Let the last messages arrive before reading the clocks.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const after = readCpu(pids);
  subscriber.off(sharded ? 'smessage' : 'message', count);
  if (sharded) for (const channel of channels) await subscriber.sunsubscribe(channel);
  else await subscriber.unsubscribe();
  const events = requestIds.length * EVENTS_PER_REQUEST;
  const costs = Object.entries(pids).map(([node]) => {
    const ticks = (after?.processes.get(node) ?? Number.NaN) - (before?.processes.get(node) ?? Number.NaN);
    return { node, microsecondsPerEvent: ((ticks / TICKS_PER_SECOND) * 1e6) / events };
  });
  return { costs, eventsPerSecond: events / seconds, received };
}

function describe(title: string, round: Awaited<ReturnType<typeof appendRound>>): string {
  const events = REQUESTS * EVENTS_PER_REQUEST;
  const total = round.costs.reduce((sum, cost) => sum + cost.microsecondsPerEvent, 0);
  return [
    `${title}: ${events} events (${REQUESTS} requests × ${EVENTS_PER_REQUEST}), ${round.eventsPerSecond.toFixed(0)} events/s, ${round.received} delivered to the subscriber`,
    formatTextTable(
      ['redis-server', 'CPU µs per event'],
      [...round.costs.map(({ node, microsecondsPerEvent }) => [node, microsecondsPerEvent.toFixed(1)]), ['all nodes', total.toFixed(1)]],
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const report: string[] = [
    `Redis cost per run event — ${new Date().toISOString()}`,
    `${os.availableParallelism()} cores, load average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')} at start; CPU read from /proc in 10 ms ticks`,
  ];

  const single = await startOwnRedis();
  const singlePid = Number((await new Redis(single.url).info('server')).match(/process_id:(\d+)/)![1]);
  try {
    const commands = new Redis(single.url);
    const subscriber = new Redis(single.url);
    const ids = Array.from({ length: REQUESTS }, () => randomUUID());
    report.push('', describe('one Redis', await appendRound(commands, subscriber, ids, { [`:${single.port}`]: singlePid })));
    commands.disconnect();
    subscriber.disconnect();
  } finally {
    await single.stop();
  }

  const cluster = await startLocalRedisCluster();
  try {
    const { masters, replicas } = await cluster.roles();
    const pids = Object.fromEntries([
      ...masters.map((port) => [`:${port} master`, cluster.pids.get(port)!]),
      ...replicas.map(({ port, masterPort }) => [`:${port} replica of :${masterPort}`, cluster.pids.get(port)!]),
    ]);
    const nodes = cluster.ports.map((port) => ({ host: '127.0.0.1', port }));
    const commands = new Cluster(nodes);
    const subscriber = new Cluster(nodes, { shardedSubscribers: true });
    const spread = Array.from({ length: REQUESTS }, () => randomUUID());
    report.push('', describe('Redis Cluster, requests spread over every master', await appendRound(commands, subscriber, spread, pids)));

    // Requests whose keys all hash to the first master's slots.
    const slotsOf = await commands.cluster('SLOTS');
    const firstMaster = masters[0]!;
    const ranges = slotsOf.filter((range) => range[2]?.[1] === firstMaster).map(([from, to]) => [from, to] as const);
    const onOne: string[] = [];
    while (onOne.length < REQUESTS) {
      const id = randomUUID();
      const slot = Number(await commands.cluster('KEYSLOT', requestEventKeys(KEY_PREFIX, id).stream));
      if (ranges.some(([from, to]) => slot >= from && slot <= to)) onOne.push(id);
    }
    report.push('', describe(`Redis Cluster, every request on master :${firstMaster}`, await appendRound(commands, subscriber, onOne, pids)));
    commands.disconnect();
    subscriber.disconnect();
  } finally {
    await cluster.stop();
  }
  console.log(report.join('\n'));
}

main().then(
  () => setTimeout(() => process.exit(0), 500).unref(),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
