import type { AnswerJobData } from './answer-jobs.ts';

/**
 * Every job Quorum queues, by name, with the data it carries and the queue it goes on: the one list producers and
 * workers are typed from. A worker process hands each queue one handler per name listed here (`worker/
 * job-processor.ts`); one missing or extra stops the process as it starts, and a job of a name not listed fails
 * with its name rather than being cast to whatever its queue's other jobs carry.
 */
export const ANSWER_JOB_NAME = 'answer-question';
/** One per slot of a tracked prompt set's cadence, made by the set's job scheduler. */
export const TRACKING_SLOT_JOB_NAME = 'run-tracked-prompts';
/**
 * A slot's second half: record its results and test them, once its answers have ended. Added by the answer that
 * ended the slot's last request (or by the slot job, when they all ended before it finished admitting), and once,
 * delayed, as a deadline, so a slot whose ending nobody announced (a run ended by the sweeper) still completes.
 */
export const TRACKING_FINISH_JOB_NAME = 'finish-tracking-run';
/** A tracked set's stored answers read again by the current analyser (and judge), started from the dashboard. */
export const TRACKING_REANALYSE_JOB_NAME = 'reanalyse-tracking-set';
/** A refit of every arena leaderboard: on a schedule, and soon after votes. */
export const LEADERBOARD_JOB_NAME = 'recompute-leaderboards';

export interface TrackingSlotJobData {
  setId: string;
}

export interface TrackingReanalyseJobData {
  setId: string;
  /** Ask the judge model again too (the operator pays for it, as for every judge call). */
  judge: boolean;
}

export interface TrackingFinishJobData {
  setId: string;
  runId: string;
  /** The deadline's job: finish with whatever ended, even if some answers are still open. */
  deadline: boolean;
}

/** What each job carries, by name. */
export interface JobDataByName {
  [ANSWER_JOB_NAME]: AnswerJobData;
  [TRACKING_SLOT_JOB_NAME]: TrackingSlotJobData;
  [TRACKING_FINISH_JOB_NAME]: TrackingFinishJobData;
  [TRACKING_REANALYSE_JOB_NAME]: TrackingReanalyseJobData;
  [LEADERBOARD_JOB_NAME]: Record<string, never>;
}

export type JobName = keyof JobDataByName;

/** The names each queue carries (its queue options are in `queue-catalogue.ts`). */
export const JOBS_BY_QUEUE = {
  answers: [ANSWER_JOB_NAME],
  tracking: [TRACKING_SLOT_JOB_NAME, TRACKING_FINISH_JOB_NAME, TRACKING_REANALYSE_JOB_NAME],
  leaderboards: [LEADERBOARD_JOB_NAME],
} as const satisfies Record<string, readonly JobName[]>;

export type QueueKind = keyof typeof JOBS_BY_QUEUE;
export type JobNameOf<K extends QueueKind> = (typeof JOBS_BY_QUEUE)[K][number];
/** The data any job of a queue may carry: the union over its names. */
export type QueueJobData<K extends QueueKind> = JobDataByName[JobNameOf<K>];
export type TrackingJobData = QueueJobData<'tracking'>;
