/**
 * Jobs: every job by name with its data, the queues and their partitions.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export type { AnswerJobData, AnswerJobQuestion } from './answer-jobs.ts';
export { AnswerQueue } from './answer-queue.ts';
export {
  ANSWER_JOB_NAME,
  type JobDataByName,
  type JobNameOf,
  JOBS_BY_QUEUE,
  LEADERBOARD_JOB_NAME,
  type QueueJobData,
  type QueueKind,
  TRACKING_FINISH_JOB_NAME,
  TRACKING_REANALYSE_JOB_NAME,
  TRACKING_SLOT_JOB_NAME,
  type TrackingJobData,
} from './job-registry.ts';
export { openQueue, QUEUE_CATALOGUE, scheduledJobOptions } from './queue-catalogue.ts';
export { openQueueHandles, type QueueHandles } from './queue-handles.ts';
export { queueKindOfName, queuePlacements } from './queue-partitions.ts';
export { runCancellationChannel, RunCancelled } from './run-cancellations.ts';
