import type { MikroORM } from '@mikro-orm/postgresql';
import type { RedisClient } from '../core/redis/index.ts';
import type { Logger } from 'pino';
import { LEADERBOARD_JOB_NAME, queuePlacements, scheduledJobOptions } from '../core/jobs/index.ts';
import { jobProcessor } from './job-processor.ts';
import { recomputeLeaderboards } from '../core/arena/index.ts';
import type { ModelCatalogue } from '../core/catalogue/index.ts';
import { Worker, type Queue } from 'bullmq';

const LEADERBOARD_SCHEDULER_ID = 'recompute-leaderboards';

export interface LeaderboardWorkerOptions {
  orm: MikroORM;
  catalogue: ModelCatalogue;
  /** A BullMQ worker connection (`maxRetriesPerRequest: null`). */
  connection: RedisClient;
  /** The process's leaderboard queue handle, where the schedule is upserted. */
  queue: Queue<Record<string, never>>;
  keyPrefix: string;
  everyMs: number;
  /** Weighted battles a model needs before a public board shows it. */
  minBattles: number;
  logger: Logger;
}

/**
 * Recomputes the arena leaderboards from every vote on a schedule, and soon after votes (`leaderboard-refits.ts`). The schedule is a BullMQ job scheduler: every
 * worker process upserts the same scheduler id, so there is one schedule however many workers run, and each
 * produced job is taken by exactly one of them. A recompute replaces the stored boards whole, so a repeated or
 * overlapping one does no harm.
 */
export async function startLeaderboardWorker(options: LeaderboardWorkerOptions): Promise<{ close(): Promise<void> }> {
  const [placement] = queuePlacements('leaderboards', options.keyPrefix, 1);
  const { queue } = options;
  await queue.upsertJobScheduler(
    LEADERBOARD_SCHEDULER_ID,
    { every: options.everyMs },
    { name: LEADERBOARD_JOB_NAME, data: {}, opts: scheduledJobOptions('leaderboards') },
  );
  const worker = new Worker(
    placement!.name,
    jobProcessor('leaderboards', {
      [LEADERBOARD_JOB_NAME]: async () => {
        const boards = await recomputeLeaderboards(options.orm.em.fork(), options.catalogue, { minBattles: options.minBattles });
        options.logger.info({ votes: boards[0]?.votes ?? 0, models: boards[0]?.entries.length ?? 0 }, 'leaderboards recomputed');
        return 'recomputed';
      },
    }),
    { connection: options.connection, prefix: placement!.prefix, concurrency: 1 },
  );
  worker.on('failed', (_job, error) => options.logger.error({ err: error }, 'leaderboard recompute failed'));
  // Without a listener BullMQ prints connection trouble (a blocking fetch cut by a Redis failover) to the console.
  worker.on('error', (error) => options.logger.warn({ err: error }, 'leaderboard worker error'));
  return {
    async close() {
      await worker.close();
    },
  };
}
