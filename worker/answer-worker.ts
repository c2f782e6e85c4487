import { Worker } from 'bullmq';
import type { RedisClient } from '../core/redis/index.ts';
import type { Logger } from 'pino';
import { beginStageTrace } from '../core/tracing/index.ts';
import type { AnswerJobData, AnswerQueue } from '../core/jobs/index.ts';
import { ANSWER_JOB_NAME } from '../core/jobs/index.ts';
import { jobProcessor } from './job-processor.ts';
import { answerQuestion, type AnswerQuestionDependencies } from './jobs/answer-question-job.ts';
import { withJobLogger } from './observability/job-logger.ts';
import { JobNoticeLog } from './observability/job-notice-log.ts';
import { STALLED_MESSAGE } from './observability/redis-restart-notices.ts';
import { recordedRunEnding } from '../core/runs/index.ts';

export interface AnswerWorkerOptions {
  /** Shared by the partitions' BullMQ workers for their non-blocking commands. */
  connection: RedisClient;
  /** The process's answer queue handle: one BullMQ worker is started per partition. */
  queue: AnswerQueue;
  /** Answers this process runs at once, over all partitions. */
  concurrency: number;
  logger: Logger;
}

/**
 * A process's answers at once, split over the partitions as evenly as can be (the configuration keeps the count of
 * partitions at most the concurrency, so each gets at least one): the process never runs more than `concurrency`,
 * and since run ids spread evenly over the partitions, so does the work.
 */
export function partitionConcurrency(concurrency: number, partitions: number): number[] {
  return Array.from({ length: partitions }, (_, partition) => Math.max(1, Math.floor(concurrency / partitions) + (partition < concurrency % partitions ? 1 : 0)));
}

/**
 * The BullMQ side of a worker process. Jobs are never retried by BullMQ: a provider call that fails is reported to
 * the user (who can try again and, later, is not charged), and a job whose worker died must not silently start a
 * second, different answer behind the user's back. Retrying a provider call is the answer job's business alone:
 * every SDK client makes exactly one call (`maxRetries: 0`; Gemini's `attempts: 1`), and `providers/retry-policy.ts`
 * retries the failures marked retryable (408/409/429/5xx, time-outs) only while no text has reached the user.
 */
export function startAnswerWorker(dependencies: AnswerQuestionDependencies, options: AnswerWorkerOptions) {
  const shutdown = new AbortController();
  // What BullMQ says after Redis restarted is judged by the answer it is about (observability/job-notice-log.ts).
  const notices = new JobNoticeLog({
    logger: options.logger,
    runEnding: (runId) => recordedRunEnding(dependencies.orm.em.fork(), runId),
    settleWaitMs: dependencies.providerTimeoutMs + dependencies.runLeaseMs,
  });
  const processor = jobProcessor('answers', {
    [ANSWER_JOB_NAME]: (data, job) => {
      beginStageTrace('job-taken');
      const takenAt = performance.now();
      return notices.track(job.id, answerQuestion(withJobLogger(dependencies, job), data, shutdown.signal, takenAt));
    },
  });
  const shares = partitionConcurrency(options.concurrency, options.queue.partitions.length);
  const workers = options.queue.placements.map((placement, index) => {
    const worker = new Worker<AnswerJobData, string>(placement.name, processor, {
      connection: options.connection,
      prefix: placement.prefix,
      concurrency: shares[index],
      maxStalledCount: 0,
      // Not yet: see `takeJobs`.
      autorun: false,
    });
    worker.on('failed', (job, error) => void notices.report('answer job failed', error, job?.id));
    worker.on('error', (error) => void notices.report('answer worker error', error));
    worker.on('stalled', (jobId) => void notices.report('answer job stalled', new Error(STALLED_MESSAGE), jobId));
    return worker;
  });

  return {
    /** One BullMQ worker per partition of the answer queue. */
    workers,
    /**
     * Starts taking jobs; called once the whole process is up. A new job wakes the worker that has been waiting on
     * the queue longest, and idle workers ask again every few seconds, so a worker that had started waiting while
     * still starting up (a restarted one, say) often wins it, then sits on it until its start-up work is done:
     * seconds, while another worker idles.
     */
    takeJobs(): void {
      for (const worker of workers) {
        worker.run().catch((error: unknown) => options.logger.error({ err: error, queue: worker.name }, 'answer worker stopped taking jobs'));
      }
    },
    /**
     * Stop taking jobs, let the ones in flight finish for up to `graceMs`, then cut them off. Cut-off runs are
     * marked failed with a retryable message, so nobody waits on an answer that will not come.
     */
    async close(graceMs: number): Promise<void> {
      const timer = setTimeout(() => shutdown.abort(), graceMs);
      try {
        await Promise.all(workers.map((worker) => worker.close()));
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
