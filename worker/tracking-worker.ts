import { Worker, type Job } from 'bullmq';
import type { RedisClient } from '../core/redis/redis-client.ts';
import type { Logger } from 'pino';
import { QUEUE_CATALOGUE, bullPrefix, openQueue } from '../core/jobs/queue-catalogue.ts';
import { TRACKING_JOB_NAME, type TrackingJobData } from '../core/tracking/tracking-jobs.ts';
import { scheduleTrackingSet, unscheduleTrackingSet } from '../core/tracking/tracking-schedules.ts';
import { activeTrackingSets } from '../core/tracking/tracking-sets.ts';
import { closeAbandonedSlot, runTrackingSlot, type TrackingRunDependencies } from './jobs/tracking-run-job.ts';

export interface TrackingWorkerOptions {
  /** A blocking connection for the worker. */
  connection: RedisClient;
  /** A command connection for the queue (schedules). */
  commands: RedisClient;
  keyPrefix: string;
  concurrency: number;
  logger: Logger;
}

/**
 * Consumes the tracking queue: each job is one slot of one set. A tracking job mostly waits for the answers it
 * admitted (which run on the answer queue), so a handful run side by side. At start the schedules of active sets
 * are upserted again, so a Redis that lost them (flushed, replaced) gets them back; upserting an existing one
 * leaves its next job as it was.
 */
export async function startTrackingWorker(dependencies: Omit<TrackingRunDependencies, 'unschedule'>, options: TrackingWorkerOptions) {
  const queue = openQueue('tracking', options.commands, options.keyPrefix);
  const run: TrackingRunDependencies = { ...dependencies, unschedule: (setId) => unscheduleTrackingSet(queue, setId) };
  for (const set of await activeTrackingSets(dependencies.orm.em.fork())) {
    await scheduleTrackingSet(queue, set, dependencies.dayMs);
  }
  const worker = new Worker<TrackingJobData, string>(
    QUEUE_CATALOGUE.tracking.name,
    async (job: Job<TrackingJobData, string>) => {
      if (job.name !== TRACKING_JOB_NAME) throw new Error(`Unknown job ${job.name} in ${QUEUE_CATALOGUE.tracking.name}`);
      // A scheduler's job carries the time it was due (prevMillis); a job added by hand runs in the slot of its creation.
      const scheduledAt = (job.opts as { prevMillis?: number }).prevMillis ?? job.timestamp;
      const outcome = await runTrackingSlot(run, { id: job.id ?? `${job.data.setId}:${scheduledAt}`, setId: job.data.setId, scheduledAt });
      options.logger.info({ setId: job.data.setId, outcome }, 'tracking slot handled');
      return outcome;
    },
    { connection: options.connection, prefix: bullPrefix(options.keyPrefix), concurrency: options.concurrency },
  );
  worker.on('failed', (job, error) => {
    options.logger.error({ err: error, jobId: job?.id }, 'tracking job failed');
    if (job?.id && job.attemptsMade >= (job.opts.attempts ?? 1)) {
      closeAbandonedSlot(dependencies, job.id).catch((closeError: unknown) => options.logger.error({ err: closeError, jobId: job.id }, 'could not close an abandoned tracking slot'));
    }
  });
  worker.on('error', (error) => options.logger.error({ err: error }, 'tracking worker error'));
  return {
    /**
     * Stops without waiting for slots in flight (they wait on answers, possibly for minutes): their jobs stall and
     * another worker, or this one restarted, resumes them from the slot's row.
     */
    async close(): Promise<void> {
      await worker.close(true);
      await queue.close();
    },
  };
}
