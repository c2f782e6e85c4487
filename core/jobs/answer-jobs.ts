/**
 * The job catalogue: one queue, one job kind. A job is one model answering one question. Its data holds ids only
 * (no question text, no keys): the worker reads the run from Postgres, the record of truth.
 */
export const ANSWER_QUEUE_NAME = 'answers';
export const ANSWER_JOB_NAME = 'answer-question';

export interface AnswerJobData {
  requestId: string;
  runId: string;
  /** The id of the HTTP request that asked (the server's `reqId`), so the worker's log lines carry it too. */
  reqId?: string;
}

/** BullMQ keys live under our prefix too, so one Redis can host several Quorum deployments or test runs. */
export function bullPrefix(keyPrefix: string): string {
  return `${keyPrefix}:bull`;
}
