/**
 * The one rule for "nobody will finish this run", shared by the server (watching on behalf of a waiting browser)
 * and the worker's sweeper (ending runs nobody watches). Pure: it is given what is known about a run and answers
 * `alive`, `WORKER_LOST` or `QUEUE_TIMEOUT`, or names the one fact it needs next (the lease, then the queue job), so
 * the Redis reads happen only when the answer depends on them.
 */

export type RunLiveness = 'alive' | 'WORKER_LOST' | 'QUEUE_TIMEOUT';

/**
 * Where the run's job stands in the queue: `waiting` (still queued, so it can be taken back), `taken` (a worker
 * holds it and is about to claim the run), `gone` (missing, or ended without running the run: nobody will answer).
 */
export type JobStanding = 'waiting' | 'taken' | 'gone';

export interface RunLivenessLimits {
  /** A worker's lease on a running run; it is refreshed every third of this while the worker lives. */
  runLeaseMs: number;
  /** How long a run may wait for a worker to take its job. */
  queueWaitTimeoutMs: number;
}

export interface RunLivenessFacts {
  status: 'queued' | 'running';
  /** When the run was queued (ms since the epoch). */
  queuedAt: number;
  /** The latest sign the run is being answered: it started, or an event of it was seen (ms since the epoch). */
  lastSignOfLifeAt: number | null;
  /**
   * A person is waiting on the answer right now. A job still queued past the wait limit is then taken back so they
   * hear "no worker available"; with nobody waiting it is a backlog the workers will drain into the history.
   */
  watched: boolean;
  /** Whether the run's lease key exists; undefined until read. */
  leaseHeld?: boolean;
  /** Undefined until read. */
  job?: JobStanding;
}

export type RunAssessment = { verdict: RunLiveness } | { needs: 'lease' | 'job' };

const ALIVE: RunAssessment = { verdict: 'alive' };

/**
 * How long a run may be quiet before its lease is consulted. A worker sets the lease as it claims the run, so a run
 * that showed life this recently may not have one yet; capped so a long lease does not delay noticing a dead worker.
 */
export function quietPeriodMs(limits: RunLivenessLimits): number {
  return Math.min(limits.runLeaseMs, 2_000);
}

export function assessRunLiveness(facts: RunLivenessFacts, limits: RunLivenessLimits, now: number): RunAssessment {
  if (now - (facts.lastSignOfLifeAt ?? facts.queuedAt) < quietPeriodMs(limits)) return ALIVE;
  if (facts.leaseHeld === undefined) return { needs: 'lease' };
  if (facts.leaseHeld) return ALIVE;
  if (facts.status === 'running') return { verdict: 'WORKER_LOST' };
  if (now - facts.queuedAt < limits.queueWaitTimeoutMs) return ALIVE;
  if (facts.job === undefined) return { needs: 'job' };
  switch (facts.job) {
    case 'taken':
      return ALIVE;
    case 'waiting':
      return facts.watched ? { verdict: 'QUEUE_TIMEOUT' } : ALIVE;
    case 'gone':
      return { verdict: 'QUEUE_TIMEOUT' };
  }
}

/**
 * The oldest a run can be and still be certainly alive, by status: the sweeper loads only runs older than these, so
 * the database filters what the rule would call alive anyway.
 */
export function livenessCutoffs(limits: RunLivenessLimits, now: number): { startedBefore: Date; queuedBefore: Date } {
  return {
    startedBefore: new Date(now - quietPeriodMs(limits)),
    queuedBefore: new Date(now - Math.max(quietPeriodMs(limits), limits.queueWaitTimeoutMs)),
  };
}
