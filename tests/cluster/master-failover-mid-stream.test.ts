import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis, type Cluster } from 'ioredis';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { queuePlacements } from '../../core/jobs/queue-partitions.ts';
import { requestEventKeys } from '../../core/events/request-event-keys.ts';
import { waitUntilReady } from '../../core/redis/redis-connection.ts';
import { openTestRedis } from '../support/isolated-resources.ts';
import { clusterPorts, controlRedisCluster, startLocalRedisCluster, type LocalRedisCluster } from '../support/redis-cluster.ts';
import { answerText, SEARCH_BODY, type ReceivedEvent, type SearchStreamResult } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { finishWithin } from '../support/closing-steps.ts';

/**
 * Every master of the cluster fails over (`CLUSTER FAILOVER` on its replica, as an operator does before taking a
 * node down) while answers stream: the one holding the queue, and those holding the answers' event streams. Each
 * stream still carries every event exactly once, in order, and ends with the answer Postgres stored.
 */
let ownCluster: LocalRedisCluster;
const sharedClusterNodes = process.env.REDIS_CLUSTER_NODES;
let stack: TestStack;
let inspector: Cluster;

beforeAll(async () => {
  // A cluster of its own: failing every master over would otherwise refuse the questions of the suite's other files,
  // which run at the same time on the shared cluster. Set before this process first resolves its test services.
  ownCluster = await startLocalRedisCluster();
  process.env.REDIS_CLUSTER_NODES = ownCluster.nodes;
  // A failover takes seconds (the replica is promoted, every client remaps the slots), and a lease renewal caught in it
  // waits with it: the test stacks' 1.5 s lease would let the server's watchdog end a healthy run meanwhile. This
  // test is about events across failovers, so it keeps the production lease.
  stack = await startTestStack({ environment: { RUN_LEASE_MS: '10000' } });
  inspector = openTestRedis(stack.config.redis.url, stack.environment.REDIS_CLUSTER_NODES) as Cluster;
  // Commands that name no key go to any node the client knows; asked before it has mapped the cluster, they can land
  // on a replica it then drops, and fail with "Connection is closed".
  await waitUntilReady(inspector);
});

afterAll(async () => {
  await inspector?.quit();
  await stack?.close();
  await ownCluster?.stop();
  process.env.REDIS_CLUSTER_NODES = sharedClusterNodes;
});

/** The port of the master that serves `key`'s slot right now. */
async function masterPortOf(key: string): Promise<number> {
  const slot = Number(await inspector.cluster('KEYSLOT', key));
  const ranges = await inspector.cluster('SLOTS');
  // Each range lists its master first, then its replicas.
  const master = ranges.find(([from, to]) => slot >= from && slot <= to)?.[2];
  if (!master) throw new Error(`no master serves slot ${slot}`);
  return master[1];
}

/**
 * A request's event record as each node of the cluster holds it (replicas read too): its role, the stream's length,
 * whether the run is among the ended ones, and the run's next position. Named when a step runs out: it tells an event
 * lost from the record from one the follower did not hear.
 */
async function recordOnEveryNode(requestId: string): Promise<string> {
  const keys = requestEventKeys(stack.config.redis.keyPrefix, requestId);
  const nodes = await Promise.all(
    clusterPorts(stack.environment.REDIS_CLUSTER_NODES!).map(async (port) => {
      const node = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await node.connect();
        await node.call('READONLY');
        const [role] = (await node.call('ROLE')) as [string];
        const length = await node.xlen(keys.stream);
        const ended = (await node.scard(keys.endedRuns)) > 0;
        const positions = Object.values(await node.hgetall(keys.runPositions)).join(',') || 'none';
        return `${port} ${role}: ${length} events, ${ended ? 'ended' : 'not ended'}, next position ${positions}`;
      } catch (error) {
        return `${port}: ${String(error).slice(0, 40)}`;
      } finally {
        node.disconnect();
      }
    }),
  );
  return nodes.join(' | ');
}

/**
 * The whole test's limit, and its steps' (together under it): a step that runs out says where every stream and
 * failover stood. Failing over takes the longest, each one waiting for its replica's promotion. Finishing allows a
 * follower that missed a live event two of its quiet re-reads of the record (at most 16 s apart) to find it there.
 */
const TEST_LIMIT_MS = 180_000;
const LIMITS_MS = { start: 20_000, failovers: 90_000, finish: 40_000, fresh: 20_000 };

/** Where a stream's ids stop counting up by one: each break, with when it arrived, for a failure to name. */
function idBreaks(events: ReceivedEvent[]): string[] {
  const withIds = events.filter((event) => event.id !== '');
  return withIds.flatMap((event, index) => {
    const before = withIds[index - 1];
    if (!before || Number(event.id) === Number(before.id) + 1) return [];
    return [`event ${index} (${event.event}, at ${(event.receivedAfterMs / 1000).toFixed(1)} s) came as ${event.id} after ${before.id}`];
  });
}

function expectNoGapNoDuplicate(result: SearchStreamResult, steps: string[] = []): void {
  expect(result.status).toBe(200);
  const ids = result.events.filter((event) => event.id !== '').map((event) => Number(event.id));
  expect(ids.length).toBeGreaterThan(2);
  // A break is a repeat, a gap or a record that started again from Redis's clock (it had lost the request's keys):
  // the message says which, and when against the failovers.
  expect(idBreaks(result.events), steps.join('; ')).toEqual([]);
  expect(result.events[0]!.event).toBe('start');
  expect(result.events.at(-1)!.event, JSON.stringify(result.events.at(-1)!.data)).toBe('end');
}

describe('a master failing over mid-stream', () => {
  it('runs on the cluster: the answers spread over several masters', async () => {
    expect(stack.config.redis.clusterNodes?.length).toBeGreaterThanOrEqual(6);
    const masters = new Set(await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => masterPortOf(requestEventKeys(stack.config.redis.keyPrefix, id).stream))));
    expect(masters.size).toBeGreaterThan(1);
  });

  // Three failovers in turn, each waiting for the replica to take over: on a loaded machine this outlasts 90 s.
  it('loses no event and repeats none while every master fails over in turn', { timeout: TEST_LIMIT_MS }, async () => {
    const control = controlRedisCluster(clusterPorts(stack.environment.REDIS_CLUSTER_NODES!));
    const streams = 4;
    const started: Array<Promise<void>> = [];
    const requestIds: string[] = [];
    // What each stream and each failover did, and when: a step that does not finish says where things stood.
    const begun = performance.now();
    const at = () => `${((performance.now() - begun) / 1000).toFixed(1)} s`;
    const progress = Array.from({ length: streams }, () => ({ events: 0, last: 'nothing', lastAt: at() }));
    const steps: string[] = [];
    const whereThingsStand = async () => {
      const runs = await Promise.all(
        requestIds.map((requestId) => stack.records().findOne(ModelRun, { request: requestId }, { fields: ['status'] }).then((run) => run?.status ?? 'no run')),
      );
      const records = await Promise.all(requestIds.map((requestId) => recordOnEveryNode(requestId)));
      const perStream = progress.map((stream, index) => `stream ${index}: ${stream.events} events, last ${stream.last} at ${stream.lastAt}, run ${runs[index] ?? 'unknown'}, record ${records[index]}`);
      const followers = stack.app.requestServices.requestEvents.describeFollowers();
      return [...steps, ...perStream, `the server's followers: ${followers.join(' | ') || 'none'}`].join('; ');
    };
    const answers = Array.from({ length: streams }, (_, index) => {
      let markStarted!: () => void;
      started.push(new Promise<void>((resolve) => (markStarted = resolve)));
      let chunks = 0;
      return stack
        .ask(
          { ...SEARCH_BODY, query: `Failover answer ${index} [[simulate chunks=160 chunk-ms=25]]` },
          {
            onEvent: (event: ReceivedEvent) => {
              const stream = progress[index]!;
              stream.events += 1;
              stream.last = `${event.event} #${event.id}`;
              stream.lastAt = at();
              if (event.event === 'start') requestIds[index] = String(event.data.requestId);
              if (event.event === 'chunk' && ++chunks === 5) markStarted();
            },
          },
        )
        // A stream refused or ended early must not leave the test waiting: its checks below say what went wrong.
        .finally(markStarted);
    });
    await finishWithin('starting the answers', Promise.all(started), LIMITS_MS.start, whereThingsStand);
    steps.push(`${at()}: every answer streaming`);

    // The live events go out per shard: the master owning a request's keys has the server's SSUBSCRIBE on its channel.
    const channel = requestEventKeys(stack.config.redis.keyPrefix, requestIds[0]!).channel;
    const ownerPort = await masterPortOf(channel);
    const owner = inspector.nodes('master').find((node) => node.options.port === ownerPort)!;
    const [, followers] = (await owner.call('PUBSUB', 'SHARDNUMSUB', channel)) as [string, number];
    expect(followers).toBe(1);

    // The queue's master first (the worker's BullMQ connection and the lease writes), then every other master.
    const [firstPartition] = queuePlacements('answers', stack.config.redis.keyPrefix, 1);
    const queueMaster = await masterPortOf(`${firstPartition!.prefix}:${firstPartition!.name}:meta`);
    expect(requestIds.filter(Boolean)).toHaveLength(streams);
    const streamMasters = await Promise.all(requestIds.map((id) => masterPortOf(requestEventKeys(stack.config.redis.keyPrefix, id).stream)));
    const order = [queueMaster, ...new Set(streamMasters.filter((port) => port !== queueMaster))];
    const { masters } = await control.roles();
    const failovers = (async () => {
      for (const port of [...order, ...masters.filter((port) => !order.includes(port))]) {
        const promoted = await control.failover(port);
        steps.push(`${at()}: ${port} failed over to ${promoted}`);
      }
    })();
    await finishWithin('failing every master over', failovers, LIMITS_MS.failovers, whereThingsStand);
    const after = await control.roles();
    expect(after.masters.filter((port) => masters.includes(port))).toEqual([]);

    const results = await finishWithin('finishing the answers', Promise.all(answers), LIMITS_MS.finish, whereThingsStand);
    steps.push(`${at()}: every answer ended`);
    for (const [index, result] of results.entries()) {
      expectNoGapNoDuplicate(result, [`stream ${index}`, ...steps]);
      const end = result.events.at(-1)!.data;
      expect(end.response).toBe(answerText(result.events));
      const run = await stack.records().findOneOrFail(ModelRun, String(end.runId));
      expect(run.status).toBe('completed');
      expect(run.answerText).toBe(end.response);
      expect(requestIds[index]).toBe(String(result.events[0]!.data.requestId));
    }

    // After the failovers the queue still hands out work: a new question is taken and answered in full.
    const fresh = await finishWithin('answering a question after the failovers', stack.ask({ ...SEARCH_BODY, query: 'After the failovers [[simulate chunks=5]]' }), LIMITS_MS.fresh, whereThingsStand);
    expectNoGapNoDuplicate(fresh);
  });
});
