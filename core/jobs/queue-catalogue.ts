import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import type { QueueJobData, QueueKind } from './job-registry.ts';
import { queuePlacements, type QueuePlacement } from './queue-partitions.ts';

/**
 * Every BullMQ queue Quorum uses, in one place: its name, the options each of its jobs gets, and how long finished
 * jobs stay. Every producer, consumer and dashboard opens its queue through `openQueue` (or, for the partitioned
 * answer queue, `AnswerQueue`), so a job added anywhere (a person's question in the server, a tracked prompt in the
 * worker) is cleaned up by the same rule and nothing is kept in Redis forever. Postgres is the record of truth for
 * answers and tracking results; a finished job in Redis is only a debugging aid. Where each queue's keys live (its
 * hash tag, the answer queue's partitions) is in `queue-partitions.ts`.
 */
export const QUEUE_CATALOGUE = {
  /** One job per model answering one question. Never retried by BullMQ: a lost run is failed and refunded instead. */
  answers: {
    name: 'answers',
    jobOptions: { attempts: 1, removeOnComplete: { age: 3_600, count: 10_000 }, removeOnFail: { age: 86_400, count: 10_000 } },
  },
  /** One job per tracking set per slot. A slot's failed job is tried once more, then never into a later slot. */
  tracking: {
    name: 'tracking',
    jobOptions: { attempts: 2, backoff: { type: 'fixed', delay: 1_000 }, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
  },
  /** The periodic leaderboard recompute: the boards are replaced whole, so only the last few jobs are worth keeping. */
  leaderboards: {
    name: 'leaderboards',
    jobOptions: { attempts: 1, removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } },
  },
} as const satisfies Record<QueueKind, { name: string; jobOptions: JobsOptions }>;

export type { QueueKind };

/** A producer handle on one BullMQ queue of the catalogue, with its kind's job options as the defaults of every job. */
export function openPlacedQueue<K extends QueueKind>(placement: QueuePlacement & { kind: K }, connection: ConnectionOptions): Queue<QueueJobData<K>> {
  return new Queue<QueueJobData<K>>(placement.name, {
    connection,
    prefix: placement.prefix,
    defaultJobOptions: QUEUE_CATALOGUE[placement.kind].jobOptions,
  });
}

/** A producer handle on the tracking or leaderboard queue (the answer queue has partitions: see `AnswerQueue`). */
export function openQueue<K extends Exclude<QueueKind, 'answers'>>(kind: K, connection: ConnectionOptions, keyPrefix: string): Queue<QueueJobData<K>> {
  const [placement] = queuePlacements(kind, keyPrefix, 1);
  return openPlacedQueue({ ...placement!, kind }, connection);
}

/** The options a job scheduler's template must carry: schedulers do not take a queue's defaults. */
export function scheduledJobOptions(kind: QueueKind): JobsOptions {
  return QUEUE_CATALOGUE[kind].jobOptions;
}
