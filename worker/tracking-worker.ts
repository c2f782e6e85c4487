import type { RedisClient } from '../core/redis/index.ts';
import type { Logger } from 'pino';
import { Worker, type Queue } from 'bullmq';
import {
  queuePlacements,
  TRACKING_FINISH_JOB_NAME,
  TRACKING_REANALYSE_JOB_NAME,
  TRACKING_SLOT_JOB_NAME,
  type TrackingJobData,
} from '../core/jobs/index.ts';
import {
  activeTrackingSets,
  closeAbandonedRun,
  closeAbandonedSlot,
  finishTrackingRun,
  reanalyseTrackingSet,
  type ReanalysisJudge,
  runTrackingSlot,
  scheduleTrackingSet,
  type TrackingRunDependencies,
  unscheduleTrackingSet,
} from '../core/tracking/index.ts';
import { isJobNamed, jobProcessor } from './job-processor.ts';

export interface TrackingWorkerOptions {
  /** The process's BullMQ worker connection (its blocking fetch gets a copy of its own). */
  connection: RedisClient;
  /** The process's tracking queue handle (schedules, finishing jobs). */
  queue: Queue<TrackingJobData>;
  keyPrefix: string;
  concurrency: number;
  logger: Logger;
}

/**
 * Consumes the tracking queue. A slot's job claims the slot and admits its prompts, then ends: it never waits for
 * the answers (they run on the answer queue). A finishing job, queued by the answer that ended the slot (or by the
 * slot's deadline), records the results and tests them. Both are short, so no slot of this worker sits polling.
 * At start the schedules of active sets are upserted again, so a Redis that lost them (flushed, replaced) gets
 * them back; upserting an existing one leaves its next job as it was.
 */
export async function startTrackingWorker(
  dependencies: Omit<TrackingRunDependencies, 'unschedule' | 'queue'> & { reanalysisJudge?: ReanalysisJudge | undefined },
  options: TrackingWorkerOptions,
) {
  const { queue } = options;
  const [placement] = queuePlacements('tracking', options.keyPrefix, 1);
  const run: TrackingRunDependencies = { ...dependencies, queue, unschedule: (setId) => unscheduleTrackingSet(queue, setId) };
  for (const set of await activeTrackingSets(dependencies.orm.em.fork())) {
    await scheduleTrackingSet(queue, set, dependencies.dayMs);
  }
  const worker = new Worker<TrackingJobData, string>(
    placement!.name,
    jobProcessor('tracking', {
      [TRACKING_SLOT_JOB_NAME]: async (data, job) => {
        // A scheduler's job carries the time it was due (prevMillis); a job added by hand runs in the slot of its creation.
        const scheduledAt = (job.opts as { prevMillis?: number }).prevMillis ?? job.timestamp;
        const outcome = await runTrackingSlot(run, { id: job.id ?? `${data.setId}:${scheduledAt}`, setId: data.setId, scheduledAt });
        options.logger.info({ setId: data.setId, outcome }, 'tracking slot handled');
        return outcome;
      },
      [TRACKING_FINISH_JOB_NAME]: async (data) => {
        const outcome = await finishTrackingRun(run, data);
        options.logger.info({ setId: data.setId, runId: data.runId, deadline: data.deadline, outcome }, 'tracking run finish handled');
        return outcome;
      },
      [TRACKING_REANALYSE_JOB_NAME]: async (data) => {
        // Without a judge in this worker a judged re-analysis still runs, with the local analyser: the job says so.
        const judge = data.judge ? dependencies.reanalysisJudge : undefined;
        const { reanalysed } = await reanalyseTrackingSet(dependencies.orm.em.fork(), data.setId, { judge });
        options.logger.info({ setId: data.setId, reanalysed, judged: judge !== undefined }, 'tracking set re-analysed');
        return `reanalysed ${reanalysed}${judge ? ' with the judge' : ''}`;
      },
    }),
    { connection: options.connection, prefix: placement!.prefix, concurrency: options.concurrency },
  );
  worker.on('failed', (job, error) => {
    options.logger.error({ err: error, jobId: job?.id }, 'tracking job failed');
    const lastAttempt = job !== undefined && job.attemptsMade >= (job.opts.attempts ?? 1);
    if (lastAttempt && isJobNamed(job, TRACKING_SLOT_JOB_NAME) && job.id) {
      const slotJobId = job.id;
      closeAbandonedSlot(dependencies, slotJobId).catch((closeError: unknown) => options.logger.error({ err: closeError, jobId: slotJobId }, 'could not close an abandoned tracking slot'));
    }
    if (lastAttempt && isJobNamed(job, TRACKING_FINISH_JOB_NAME) && job.data.deadline) {
      const { runId } = job.data;
      closeAbandonedRun(dependencies, runId).catch((closeError: unknown) => options.logger.error({ err: closeError, runId }, 'could not close an abandoned tracking run'));
    }
  });
  worker.on('error', (error) => options.logger.error({ err: error }, 'tracking worker error'));
  return {
    /**
     * Stops without waiting for jobs in flight: a slot cut off while admitting stalls and another worker, or this
     * one restarted, resumes it from the slot's row; a finishing job cut off is simply run again.
     */
    async close(): Promise<void> {
      await worker.close(true);
    },
  };
}
