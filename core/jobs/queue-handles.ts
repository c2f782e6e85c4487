import type { ConnectionOptions, Queue } from 'bullmq';
import type { RedisSettings } from '../config/index.ts';
import { AnswerQueue } from './answer-queue.ts';
import { openQueue } from './queue-catalogue.ts';
import type { TrackingJobData } from './job-registry.ts';

/**
 * A process's producer handles, one per kind of queue, all on one connection: the server and the worker each open
 * this once and hand the same handles to everything that adds, finds, removes, schedules or counts jobs.
 */
export interface QueueHandles {
  answers: AnswerQueue;
  tracking: Queue<TrackingJobData>;
  leaderboards: Queue<Record<string, never>>;
  /** Every BullMQ queue behind the handles (each answer partition on its own): for metrics and the dashboard. */
  all(): Queue[];
  close(): Promise<void>;
}

export function openQueueHandles(connection: ConnectionOptions, redis: Pick<RedisSettings, 'keyPrefix' | 'answerQueuePartitions'>): QueueHandles {
  const answers = new AnswerQueue(connection, redis.keyPrefix, redis.answerQueuePartitions);
  const tracking = openQueue('tracking', connection, redis.keyPrefix);
  const leaderboards = openQueue('leaderboards', connection, redis.keyPrefix);
  return {
    answers,
    tracking,
    leaderboards,
    all: () => [...answers.partitions, tracking, leaderboards] as Queue[],
    async close() {
      await Promise.all([answers.close(), tracking.close(), leaderboards.close()]);
    },
  };
}
