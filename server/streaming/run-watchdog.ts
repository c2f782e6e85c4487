import type { FastifyBaseLogger } from 'fastify';
import { checkRunLiveness, type RunLivenessCheckDependencies } from '../../core/runs/index.ts';

export interface WatchedRunState {
  status: 'queued' | 'running';
  /** When the run was queued (ms since the epoch). */
  queuedAt: number;
  /** When it started, if it had when watching began (ms since the epoch). */
  startedAt: number | null;
}

/** How long a worker may take to reconnect after an outage the watchdog saw: the reconnect backoff's cap, and some. */
const RECONNECT_GRACE_MS = 2_500;

export interface RunWatchdogOptions {
  liveness: RunLivenessCheckDependencies;
  logger: FastifyBaseLogger;
  runId: string;
  run: WatchedRunState;
  checkEveryMs?: number;
}

/**
 * Watches one run on behalf of a waiting browser and applies the shared liveness rule to it: a run whose worker's
 * lease lapsed has lost its worker; a run nobody picked up within the queue wait limit is taken off the queue. Either
 * way the run is ended in Postgres and the ending goes through the event stream, so every tab watching sees the same
 * error at once. The events it relays are its signs of life, so a run that is streaming costs no Redis reads.
 */
export class RunWatchdog {
  private status: 'queued' | 'running';
  private lastSignOfLifeAt: number | null;
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(private readonly options: RunWatchdogOptions) {
    this.status = options.run.status;
    this.lastSignOfLifeAt = options.run.startedAt;
  }

  start(): void {
    this.timer = setInterval(() => void this.check(), this.options.checkEveryMs ?? 1_000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** An event of the run went by: only a worker that claimed the run writes them, so it has started. */
  noteActivity(): void {
    this.status = 'running';
    this.lastSignOfLifeAt = Date.now();
  }

  private async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    const { runId, run, logger } = this.options;
    try {
      const verdict = await checkRunLiveness(this.options.liveness, runId, {
        status: this.status,
        queuedAt: run.queuedAt,
        lastSignOfLifeAt: this.lastSignOfLifeAt,
        watched: true,
      });
      if (verdict === 'alive') return;
      this.stop();
      logger.warn({ runId, code: verdict }, verdict === 'WORKER_LOST' ? 'worker lease lapsed mid-answer; ended the run' : 'no worker took the job in time; ended the run');
    } catch (error) {
      // Redis or Postgres could not be asked, which says nothing about the worker; it may be reconnecting too (up
      // to ioredis's two-second backoff). Count the failure as a sign of life so the verdict waits until both
      // sides had time to come back, then try again: the watchdog keeps watching for as long as the browser does.
      this.lastSignOfLifeAt = Date.now() + RECONNECT_GRACE_MS;
      logger.warn({ err: error, runId }, 'run watchdog check failed; will check again');
    } finally {
      this.checking = false;
    }
  }
}
