import { hashSlot } from '../redis/index.ts';
import type { QueueKind } from './job-registry.ts';

/**
 * Where each BullMQ queue's keys live. BullMQ's scripts touch several keys of a queue at once, which a Redis Cluster
 * allows only when they share a hash slot, so each queue's key prefix carries a hash tag: `<REDIS_KEY_PREFIX>:{tag}`.
 * Each queue has a tag of its own, so the queues land on different slots (and, on a cluster, on different masters)
 * rather than all on the one that owns a shared tag.
 *
 * The answer queue, which carries nearly all the work, is split into `ANSWER_QUEUE_PARTITIONS` queues
 * (`answers`, `answers-1`, `answers-2`, …: the first keeps the queue's name, so one partition looks as the queue always
 * did, in the dashboard and the metrics, and raising the count leaves it where it was). A job goes to the partition its id (the run id) hashes to, and every worker takes
 * from every partition. A queue's keys always live on one master, so partitions are how the answers' queue work
 * spreads over a cluster's masters (docs/scaling.md).
 */
export interface QueuePlacement {
  kind: QueueKind;
  /** The BullMQ queue name: the kind's (the answer queue's first partition too), or `answers-<partition>` after it. */
  name: string;
  /** BullMQ's key prefix: our key prefix and the queue's hash tag. */
  prefix: string;
  partition: number;
}

/**
 * The answer partitions' hash tags, in order. Each is the partition's name with a suffix found so that its slot sits
 * well inside a chosen stretch of the 16,384 slots: for every count N up to 17, the first N tags fall in N different
 * Nths of the slot space (a "17-point" placement; no such placement exists for 18). A cluster created the usual way
 * gives M masters equal, consecutive stretches of slots, so with N = M partitions each master holds exactly one, with
 * N a multiple of M each holds N / M, and with N ≥ 2M each holds at least one. Tags do not depend on N, so raising
 * the count keeps every existing partition where it was. `tests/unit/queue-partitions.test.ts` checks all of this.
 */
export const ANSWER_PARTITION_HASH_TAGS = [
  'answers-0.22', // slot 16000
  'answers-1.44', // 596
  'answers-2.154', // 9486
  'answers-3.340', // 4746
  'answers-4.41', // 11956
  'answers-5.547', // 7496
  'answers-6.213', // 2427
  'answers-7.671', // 13582
  'answers-8.33', // 6227
  'answers-9.19', // 10703
  'answers-10.42', // 3716
  'answers-11.138', // 14665
  'answers-12.51', // 8382
  'answers-13.54', // 1711
  'answers-14.67', // 12978
  'answers-15.62', // 5283
] as const;

/** The queues that have no partitions: their hash tag is their name. */
const SINGLE_QUEUE_NAMES = { tracking: 'tracking', leaderboards: 'leaderboards' } as const satisfies Record<Exclude<QueueKind, 'answers'>, string>;

export function answerPartitionName(partition: number): string {
  return partition === 0 ? 'answers' : `answers-${partition}`;
}

/** Every BullMQ queue of a kind: one, or the answer queue's partitions. */
export function queuePlacements(kind: QueueKind, keyPrefix: string, answerPartitions: number): QueuePlacement[] {
  if (kind !== 'answers') {
    const name = SINGLE_QUEUE_NAMES[kind];
    return [{ kind, name, prefix: `${keyPrefix}:{${name}}`, partition: 0 }];
  }
  if (!Number.isInteger(answerPartitions) || answerPartitions < 1 || answerPartitions > ANSWER_PARTITION_HASH_TAGS.length) {
    throw new Error(`The answer queue takes 1 to ${ANSWER_PARTITION_HASH_TAGS.length} partitions (got ${answerPartitions})`);
  }
  return ANSWER_PARTITION_HASH_TAGS.slice(0, answerPartitions).map((tag, partition) => ({
    kind,
    name: answerPartitionName(partition),
    prefix: `${keyPrefix}:{${tag}}`,
    partition,
  }));
}

/**
 * The partition a job goes to: its id's hash, so anyone holding a run id finds its job without a look-up, and random
 * run ids spread evenly. (After the count changed, a job may sit elsewhere: `AnswerQueue` then looks in the others.)
 */
export function partitionOfJob(jobId: string, partitions: number): number {
  return partitions === 1 ? 0 : hashSlot(jobId) % partitions;
}

/** Which kind a BullMQ queue name belongs to (a job's `queueName`), or undefined for a queue that is not ours. */
export function queueKindOfName(name: string): QueueKind | undefined {
  if (name === 'answers' || /^answers-\d+$/.test(name)) return 'answers';
  return (Object.keys(SINGLE_QUEUE_NAMES) as (keyof typeof SINGLE_QUEUE_NAMES)[]).find((kind) => SINGLE_QUEUE_NAMES[kind] === name);
}
