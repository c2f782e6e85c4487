import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import type { QueueJobData, QueueKind } from './job-registry.ts';

/**
 * Every BullMQ queue Quorum uses, in one place: its name, the options each of its jobs gets, and how long finished
 * jobs stay. Every producer, consumer and dashboard opens its queue through `openQueue`, so a job added anywhere
 * (a person's question in the server, a tracked prompt in the worker) is cleaned up by the same rule and nothing is
 * kept in Redis forever. Postgres is the record of truth for answers and tracking results; a finished job in Redis
 * is only a debugging aid.
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

/**
 * BullMQ keys live under our prefix too, so one Redis can host several Quorum deployments or test runs. `{bull}` is
 * a Redis Cluster hash tag: BullMQ's scripts touch several keys of a queue at once, which a cluster allows only
 * when they share a slot, so every queue key hashes on "bull" alone.
 */
export function bullPrefix(keyPrefix: string): string {
  return `${keyPrefix}:{bull}`;
}

/** A producer handle on one of the catalogue's queues, with its job options as the defaults of every job added. */
export function openQueue<K extends QueueKind>(kind: K, connection: ConnectionOptions, keyPrefix: string): Queue<QueueJobData<K>> {
  const entry = QUEUE_CATALOGUE[kind];
  return new Queue<QueueJobData<K>>(entry.name, { connection, prefix: bullPrefix(keyPrefix), defaultJobOptions: entry.jobOptions });
}

/** The options a job scheduler's template must carry: schedulers do not take a queue's defaults. */
export function scheduledJobOptions(kind: QueueKind): JobsOptions {
  return QUEUE_CATALOGUE[kind].jobOptions;
}
