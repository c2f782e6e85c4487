import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster, Redis } from 'ioredis';
import { queuePlacements, type QueuePlacement } from '../../core/jobs/queue-partitions.ts';
import { hashSlot } from '../../core/redis/hash-slot.ts';
import { waitUntilReady } from '../../core/redis/redis-connection.ts';
import { openTestRedis } from '../support/isolated-resources.ts';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * The queues spread over the cluster's masters: each queue under its own hash tag, and the answer queue in three
 * partitions, one per master of the suite's 3-master cluster. Read from the masters themselves: which master holds
 * each queue's keys, and how many answer jobs each master's partition saw completed.
 */
const PARTITIONS = 3;
let stack: TestStack;
let inspector: Cluster;

beforeAll(async () => {
  stack = await startTestStack({ environment: { ANSWER_QUEUE_PARTITIONS: String(PARTITIONS) } });
  inspector = openTestRedis(stack.config.redis.url, stack.environment.REDIS_CLUSTER_NODES) as Cluster;
  // Commands that name no key go to any node the client knows: map the cluster first.
  await waitUntilReady(inspector);
});

afterAll(async () => {
  await inspector?.quit();
  await stack?.close();
});

/** The masters (by port) holding any key of the queue: one, if its hash tag works. */
async function mastersHolding(placement: QueuePlacement, masters: Redis[]): Promise<number[]> {
  const holding = await Promise.all(masters.map(async (master) => ((await master.keys(`${placement.prefix}:${placement.name}:*`)).length > 0 ? [master.options.port!] : [])));
  return holding.flat();
}

describe('the queues on a 3-master cluster', () => {
  it('hold keys on every master, and every master takes answer jobs', { timeout: 90_000 }, async () => {
    const { keyPrefix } = stack.config.redis;
    const answers = stack.app.answerQueue;
    expect(answers.partitions).toHaveLength(PARTITIONS);

    // Run ids are random, so ask until every partition has answered at least one (three or four asks, as a rule).
    const completedIn = async () => Promise.all(answers.partitions.map(async (queue) => (await queue.getJobCounts('completed')).completed ?? 0));
    let asked = 0;
    while ((await completedIn()).some((count) => count === 0) && asked < 40) {
      const result = await stack.ask({ ...SEARCH_BODY, query: `partition check ${asked}` });
      expect(result.status).toBe(200);
      expect(result.events.at(-1)!.event).toBe('end');
      asked += 1;
    }
    const completed = await completedIn();
    expect(completed.every((count) => count > 0), `completed per partition: ${completed.join(', ')}`).toBe(true);

    const masters = inspector.nodes('master');
    expect(masters).toHaveLength(3);
    const slots = await inspector.cluster('SLOTS');
    const masterOfSlot = (slot: number) => Number(slots.find(([from, to]) => slot >= from && slot <= to)?.[2]?.[1]);

    const placements = [...queuePlacements('answers', keyPrefix, PARTITIONS), ...queuePlacements('tracking', keyPrefix, 1), ...queuePlacements('leaderboards', keyPrefix, 1)];
    const masterOfQueue = new Map<string, number>();
    for (const placement of placements) {
      const key = `${placement.prefix}:${placement.name}:meta`;
      // Where the cluster says the queue lives, as Quorum computes it.
      const slot = Number(await inspector.cluster('KEYSLOT', key));
      expect(slot).toBe(hashSlot(key));
      // Every key of the queue on that one master.
      const holders = await mastersHolding(placement, masters);
      expect(holders, placement.name).toEqual([masterOfSlot(slot)]);
      masterOfQueue.set(placement.name, holders[0]!);
    }

    // One answer partition per master, so every master holds queue keys and took answer jobs.
    const partitionMasters = answers.placements.map((placement) => masterOfQueue.get(placement.name)!);
    expect(new Set(partitionMasters).size).toBe(3);
    const completedPerMaster = new Map<number, number>();
    partitionMasters.forEach((port, partition) => completedPerMaster.set(port, (completedPerMaster.get(port) ?? 0) + completed[partition]!));
    expect([...completedPerMaster.keys()].sort()).toEqual(masters.map((master) => master.options.port!).sort());
    for (const [port, count] of completedPerMaster) expect(count, `answer jobs completed on the master at ${port}`).toBeGreaterThan(0);
    // The single-queue kinds have tags of their own too (they need not avoid the partitions' masters).
    expect(new Set(placements.map((placement) => placement.prefix)).size).toBe(placements.length);
  });

  it('finds, and takes back, a job by its run id whichever partition holds it', async () => {
    const answers = stack.app.answerQueue;
    // Paused partitions keep the jobs waiting, as a backlog would.
    await Promise.all(answers.partitions.map((queue) => queue.pause()));
    try {
      const runIds = ['0a', '1b', '2c', '3d', '4e', '5f'].map((seed) => `${seed}-partition-lookup-${Date.now()}`);
      await answers.addBulk(runIds.map((runId) => ({ name: 'answer-question', data: { requestId: 'none', runId }, opts: { jobId: runId } })));
      const holding = new Set(runIds.map((runId) => answers.partitionFor(runId).name));
      expect(holding.size).toBeGreaterThan(1);
      for (const runId of runIds) {
        expect(['waiting', 'paused']).toContain(await answers.getJobState(runId));
        expect(await answers.remove(runId)).toBe(1);
        expect(await answers.getJobState(runId)).toBe('unknown');
      }
    } finally {
      await Promise.all(answers.partitions.map((queue) => queue.resume()));
    }
  });
});
