/**
 * An answer's timings as the person asking lived them: from the moment Quorum accepted the question (the run's
 * `created_at`) to the first token, and to the end. Measuring from when a worker claimed the run instead would
 * leave out the queue and the pickup, and the worker calls the provider before its claim returns, so the first
 * token could arrive "0.0 s" after a start the person waited 200 ms for. Never negative (the worker's clock and
 * Postgres's may disagree by a few milliseconds).
 */

export interface StoredRunTimes {
  createdAt: Date;
  firstTokenAt: Date | null | undefined;
  completedAt: Date | null | undefined;
}

export interface AnswerTimings {
  timeToFirstTokenMs: number | null;
  durationMs: number | null;
}

/** Milliseconds from the question's acceptance to `moment`. */
export function msSinceAccepted(createdAt: Date, moment: Date): number {
  return Math.max(0, moment.getTime() - createdAt.getTime());
}

export function answerTimings(run: StoredRunTimes): AnswerTimings {
  const since = (moment: Date | null | undefined) => (moment ? msSinceAccepted(run.createdAt, moment) : null);
  return { timeToFirstTokenMs: since(run.firstTokenAt), durationMs: since(run.completedAt) };
}
