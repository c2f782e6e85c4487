import { endedCorrectly, type RunEnding } from '../../core/runs/index.ts';

/**
 * What BullMQ says about a job when Redis restarted under it and forgot its keys (or its lock expired while Redis was
 * away): the lock could not be renewed, the job's key was missing when it was moved to finished, or the job was
 * declared stalled. Postgres, not Redis, is the record of an answer, so the answer may well have ended correctly all
 * the same: then the line is a warning about Redis, not an error about the answer.
 */
export type RedisRestartNotice = 'lock-not-renewed' | 'job-missing-at-finish' | 'job-stalled';

const NOTICES: readonly { notice: RedisRestartNotice; pattern: RegExp }[] = [
  { notice: 'lock-not-renewed', pattern: /^could not renew lock for job (?<jobId>\S+)$/ },
  // BullMQ's message for a missing job or lock key when moving a job to completed or failed.
  { notice: 'job-missing-at-finish', pattern: /^Missing (?:key|lock) for job (?<jobId>\S+)\. moveTo(?:Finished|Completed|Failed)\b/ },
  { notice: 'job-stalled', pattern: /^job stalled more than allowable limit$/ },
];

/**
 * Which restart notice a BullMQ message is, and the job it names (from the message, or `jobId` when the message does
 * not name one, as the stalled failure's does not); undefined for anything else, which stays an error.
 */
export function redisRestartNotice(message: string, jobId?: string): { notice: RedisRestartNotice; jobId: string } | undefined {
  for (const { notice, pattern } of NOTICES) {
    const match = pattern.exec(message);
    const named = match?.groups?.['jobId'] ?? jobId;
    if (match && named) return { notice, jobId: named };
  }
  return undefined;
}

/** The stalled event carries no error: the words BullMQ would fail the job with, so it is read like the rest. */
export const STALLED_MESSAGE = 'job stalled more than allowable limit';

/** A restart notice is a warning when the job's answer ended correctly on record, an error otherwise. */
export function noticeLevel(ending: RunEnding): 'warn' | 'error' {
  return endedCorrectly(ending) ? 'warn' : 'error';
}
