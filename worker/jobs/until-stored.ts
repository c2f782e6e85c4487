import type { Logger } from 'pino';
import { retryWhileUnavailable } from '../../core/errors/index.ts';

/**
 * Runs a write that records a run's claim or outcome, and while Postgres is out of reach tries it again (backing
 * off to every two seconds) for as long as the worker is not shutting down. The worker keeps its lease meanwhile,
 * so nobody mistakes the wait for a dead worker: a finished answer is stored once Postgres is back instead of being
 * lost and reported as `WORKER_LOST`, and a job is claimed late rather than dropped. Any other failure is thrown at
 * once.
 */
export function untilStored<T>(write: () => Promise<T>, options: { signal: AbortSignal; logger: Logger; runId: string }): Promise<T> {
  const { signal, logger, runId } = options;
  return retryWhileUnavailable(write, {
    signal,
    onFirstFailure: (error) => logger.warn({ err: error, runId }, 'postgres unreachable; trying the run\'s write again'),
    onRecovered: (waitedMs) => logger.info({ runId, waitedMs }, 'postgres is back; run outcome stored'),
  });
}
