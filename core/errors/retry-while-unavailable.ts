import { setTimeout as sleep } from 'node:timers/promises';
import { isInfrastructureUnavailable } from './infrastructure-errors.ts';

export interface RetryWhileUnavailableOptions {
  /** Stops the retries (the caller is shutting down or its receiver left); the last failure is then thrown. */
  signal: AbortSignal;
  /** Give up (throw the last failure) once this long has passed; without it, retry for as long as `signal` allows. */
  giveUpAfterMs?: number;
  /** Told of the first failure, once: the caller logs that it is waiting. */
  onFirstFailure?: (error: unknown) => void;
  /** Told that the work succeeded after failing, and how long that took. */
  onRecovered?: (waitedMs: number) => void;
}

/**
 * Runs `work`, and while it fails because Postgres or Redis is out of reach (a restart, a crash, a connection the
 * pool had not yet noticed was dead) runs it again, backing off from 100 ms to every two seconds. Any other failure
 * is thrown at once. The worker waits like this for as long as it lives, so a finished answer is stored once Postgres
 * is back; the server waits a few seconds, so a blip does not turn a complete answer into an error.
 */
export async function retryWhileUnavailable<T>(work: () => Promise<T>, options: RetryWhileUnavailableOptions): Promise<T> {
  const startedAt = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = await work();
      if (attempt > 0) options.onRecovered?.(Date.now() - startedAt);
      return result;
    } catch (error) {
      if (!isInfrastructureUnavailable(error) || options.signal.aborted) throw error;
      if (options.giveUpAfterMs !== undefined && Date.now() - startedAt >= options.giveUpAfterMs) throw error;
      if (attempt === 0) options.onFirstFailure?.(error);
      await sleep(Math.min(100 * 2 ** attempt, 2_000), undefined, { signal: options.signal }).catch(() => undefined);
    }
  }
}
