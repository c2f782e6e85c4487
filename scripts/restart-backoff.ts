export interface RestartBackoffPolicy {
  /** Wait before restarting after the first crash in a row; each further crash doubles it. */
  firstDelayMs: number;
  /** No wait is longer, however many crashes in a row. */
  maxDelayMs: number;
  /** A process that stayed up this long was healthy: its next crash starts over at `firstDelayMs`. */
  resetAfterMs: number;
}

/**
 * 1 s, 2 s, 4 s … 30 s: a worker that crashed once (a bug hit by one job) is back almost at once, while one that
 * cannot start at all (Redis unreachable) does not spin and flood the log.
 */
export const WORKER_RESTART_BACKOFF: RestartBackoffPolicy = { firstDelayMs: 1_000, maxDelayMs: 30_000, resetAfterMs: 60_000 };

/** One supervised process's crashes in a row, and how long to wait before starting it again. */
export class RestartBackoff {
  private crashes = 0;

  constructor(private readonly policy: RestartBackoffPolicy = WORKER_RESTART_BACKOFF) {}

  /** Crashes in a row so far, this one included once `afterCrash` has been called. */
  get crashesInARow(): number {
    return this.crashes;
  }

  /**
   * Records a crash of a process that had been up for `uptimeMs`; returns the wait before restarting it. One that
   * had said it was ready started fine, so its crash begins a new count: only failing to start again and again
   * earns the longer waits.
   */
  afterCrash(uptimeMs: number, hadBecomeReady = false): number {
    if (hadBecomeReady || uptimeMs >= this.policy.resetAfterMs) this.crashes = 0;
    this.crashes += 1;
    return Math.min(this.policy.maxDelayMs, this.policy.firstDelayMs * 2 ** (this.crashes - 1));
  }
}
