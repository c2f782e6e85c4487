import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { isInfrastructureUnavailable } from '../../core/errors/index.ts';

/**
 * Runs a write that records a run's claim or outcome, and while Postgres is out of reach tries it again (backing
 * off to every two seconds) for as long as the worker is not shutting down. The worker keeps its lease meanwhile,
 * so nobody mistakes the wait for a dead worker: a finished answer is stored once Postgres is back instead of being
 * lost and reported as `WORKER_LOST`, and a job is claimed late rather than dropped. Any other failure is thrown at
 * once.
 */
export async function untilStored<T>(write: () => Promise<T>, options: { signal: AbortSignal; logger: Logger; runId: string }): Promise<T> {
  const startedAt = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const written = await write();
      if (attempt > 0) options.logger.info({ runId: options.runId, waitedMs: Date.now() - startedAt }, 'postgres is back; run outcome stored');
      return written;
    } catch (error) {
      if (!isInfrastructureUnavailable(error) || options.signal.aborted) throw error;
      if (attempt === 0) options.logger.warn({ err: error, runId: options.runId }, 'postgres unreachable; trying the run\'s write again');
      await sleep(Math.min(250 * 2 ** attempt, 2_000), undefined, { signal: options.signal }).catch(() => undefined);
    }
  }
}
