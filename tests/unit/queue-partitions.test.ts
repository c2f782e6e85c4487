import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig, MAX_ANSWER_QUEUE_PARTITIONS } from '../../core/config/config.ts';
import { ANSWER_PARTITION_HASH_TAGS, partitionOfJob, queueKindOfName, queuePlacements } from '../../core/jobs/queue-partitions.ts';
import { HASH_SLOTS, hashSlot, hashTagOf } from '../../core/redis/hash-slot.ts';
import { partitionConcurrency } from '../../worker/answer-worker.ts';

/** The masters' slot ranges as `redis-cli --cluster create` hands them out: equal, consecutive stretches. */
function evenSplit(masters: number): Array<[number, number]> {
  const perMaster = HASH_SLOTS / masters;
  const ranges: Array<[number, number]> = [];
  let first = 0;
  let cursor = 0;
  for (let master = 0; master < masters; master += 1) {
    let last = Math.round(cursor + perMaster - 1);
    if (last > HASH_SLOTS || master === masters - 1) last = HASH_SLOTS - 1;
    if (last < first) last = first;
    ranges.push([first, last]);
    first = last + 1;
    cursor += perMaster;
  }
  return ranges;
}

function partitionsPerMaster(partitions: number, masters: number): number[] {
  const ranges = evenSplit(masters);
  const counts = ranges.map(() => 0);
  for (const placement of queuePlacements('answers', 'quorum', partitions)) {
    const slot = hashSlot(`${placement.prefix}:${placement.name}:wait`);
    counts[ranges.findIndex(([first, last]) => slot >= first && slot <= last)]! += 1;
  }
  return counts;
}

describe('hash slots', () => {
  it('are computed as Redis Cluster computes them', () => {
    // Values from the Redis Cluster specification and `CLUSTER KEYSLOT`.
    expect(hashSlot('foo')).toBe(12182);
    expect(hashSlot('somekey')).toBe(11058);
    expect(hashSlot('{user1000}.following')).toBe(hashSlot('user1000'));
    expect(hashTagOf('foo{}{bar}')).toBe('foo{}{bar}');
    expect(hashTagOf('foo{{bar}}zap')).toBe('{bar');
  });
});

describe('queue placements', () => {
  it('gives every queue its own hash tag, with our key prefix before it', () => {
    const placements = (['answers', 'tracking', 'leaderboards'] as const).flatMap((kind) => queuePlacements(kind, 'quorum', 3));
    // The first partition keeps the queue's name: with one, nothing looks different.
    expect(placements.map((placement) => placement.name)).toEqual(['answers', 'answers-1', 'answers-2', 'tracking', 'leaderboards']);
    const tags = placements.map((placement) => hashTagOf(`${placement.prefix}:${placement.name}:wait`));
    expect(new Set(tags).size).toBe(placements.length);
    for (const placement of placements) expect(placement.prefix.startsWith('quorum:{')).toBe(true);
  });

  it('has a placed tag for every partition count the configuration allows, and refuses more', () => {
    expect(ANSWER_PARTITION_HASH_TAGS).toHaveLength(MAX_ANSWER_QUEUE_PARTITIONS);
    expect(() => queuePlacements('answers', 'quorum', MAX_ANSWER_QUEUE_PARTITIONS + 1)).toThrow(/1 to 16 partitions/);
    expect(() => queuePlacements('answers', 'quorum', 0)).toThrow();
  });

  it('puts the first N partitions in N different Nths of the slot space, for every N', () => {
    for (let count = 1; count <= MAX_ANSWER_QUEUE_PARTITIONS; count += 1) {
      const cells = ANSWER_PARTITION_HASH_TAGS.slice(0, count).map((tag) => Math.floor((hashSlot(tag) * count) / HASH_SLOTS));
      expect(new Set(cells).size, `${count} partitions`).toBe(count);
    }
  });

  it('gives every master of an evenly split cluster its share of the partitions', () => {
    for (let masters = 1; masters <= MAX_ANSWER_QUEUE_PARTITIONS; masters += 1) {
      for (let partitions = masters; partitions <= MAX_ANSWER_QUEUE_PARTITIONS; partitions += 1) {
        const counts = partitionsPerMaster(partitions, masters);
        const where = `${partitions} partitions on ${masters} masters: ${counts.join(', ')}`;
        // As many as masters: one each. A multiple: the same number each. Twice as many or more: none left out.
        if (partitions % masters === 0) expect(counts, where).toEqual(counts.map(() => partitions / masters));
        if (partitions >= 2 * masters) expect(Math.min(...counts), where).toBeGreaterThan(0);
      }
    }
    expect(partitionsPerMaster(3, 3)).toEqual([1, 1, 1]);
  });

  it('sends a run to the partition its id hashes to, and spreads random ids evenly', () => {
    const ids = Array.from({ length: 30_000 }, () => randomUUID());
    const counts = [0, 0, 0];
    for (const id of ids) counts[partitionOfJob(id, 3)]! += 1;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(600);
    expect(partitionOfJob(ids[0]!, 3)).toBe(partitionOfJob(ids[0]!, 3));
    expect(partitionOfJob(ids[0]!, 1)).toBe(0);
  });

  it('tells a queue name back to its kind', () => {
    expect(queueKindOfName('answers')).toBe('answers');
    expect(queueKindOfName('answers-1')).toBe('answers');
    expect(queueKindOfName('answers-15')).toBe('answers');
    expect(queueKindOfName('tracking')).toBe('tracking');
    expect(queueKindOfName('leaderboards')).toBe('leaderboards');
    expect(queueKindOfName('something-else')).toBeUndefined();
  });
});

describe('a worker over partitions', () => {
  it('splits its answers at once over them, at least one each, never more than its concurrency', () => {
    expect(partitionConcurrency(32, 1)).toEqual([32]);
    expect(partitionConcurrency(32, 3)).toEqual([11, 11, 10]);
    expect(partitionConcurrency(4, 4)).toEqual([1, 1, 1, 1]);
    for (let concurrency = 1; concurrency <= 40; concurrency += 1) {
      for (let partitions = 1; partitions <= Math.min(concurrency, MAX_ANSWER_QUEUE_PARTITIONS); partitions += 1) {
        const shares = partitionConcurrency(concurrency, partitions);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(concurrency);
        expect(Math.min(...shares)).toBeGreaterThanOrEqual(1);
      }
    }
  });
});

describe('ANSWER_QUEUE_PARTITIONS', () => {
  it('is 1 unless set, and takes 1 to 16', () => {
    expect(loadConfig({}).redis.answerQueuePartitions).toBe(1);
    expect(loadConfig({ ANSWER_QUEUE_PARTITIONS: '6' }).redis.answerQueuePartitions).toBe(6);
    expect(() => loadConfig({ ANSWER_QUEUE_PARTITIONS: '0' })).toThrow(/ANSWER_QUEUE_PARTITIONS must be a whole number from 1 to 16/);
    expect(() => loadConfig({ ANSWER_QUEUE_PARTITIONS: '17' })).toThrow(/ANSWER_QUEUE_PARTITIONS/);
  });

  it('may not exceed WORKER_CONCURRENCY, since each partition takes at least one of a worker slots', () => {
    expect(() => loadConfig({ ANSWER_QUEUE_PARTITIONS: '4', WORKER_CONCURRENCY: '3' })).toThrow(/ANSWER_QUEUE_PARTITIONS \(4\) must not exceed WORKER_CONCURRENCY \(3\)/);
    expect(loadConfig({ ANSWER_QUEUE_PARTITIONS: '3', WORKER_CONCURRENCY: '3' }).redis.answerQueuePartitions).toBe(3);
  });
});
