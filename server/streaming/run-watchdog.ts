import type { MikroORM } from '@mikro-orm/postgresql';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { runLeaseKey } from '../../core/events/request-event-keys.ts';
import type { RequestEventWriter } from '../../core/events/request-event-writer.ts';
import { runFailure } from '../../core/runs/run-failures.ts';
import { failRunAndAnnounce } from '../../core/runs/run-outcome-announcer.ts';

export interface RunWatchdogOptions {
  orm: MikroORM;
  redis: Redis;
  queue: Queue;
  writer: RequestEventWriter;
  logger: FastifyBaseLogger;
  keyPrefix: string;
  runId: string;
  runLeaseMs: number;
  queueWaitTimeoutMs: number;
  checkEveryMs?: number;
}

/**
 * Watches one run on behalf of a waiting browser. A run that started but whose worker lease lapsed has lost its
 * worker; a run nobody picked up within the queue wait limit is taken off the queue. Either way the run is ended in
 * Postgres and the ending goes through the event stream, so every tab watching sees the same error at once.
 */
export class RunWatchdog {
  private readonly createdAt = Date.now();
  private lastActivityAt = Date.now();
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(private readonly options: RunWatchdogOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.check(), this.options.checkEveryMs ?? 1_000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  noteActivity(runStarted: boolean): void {
    this.lastActivityAt = Date.now();
    this.started ||= runStarted;
  }

  private async check(): Promise<void> {
    if (this.checking) return;
    const { redis, keyPrefix, runId, runLeaseMs, queueWaitTimeoutMs } = this.options;
    // A lease is refreshed every third of its life: quiet for less than one lease is normal (slow first token).
    if (Date.now() - this.lastActivityAt < Math.min(runLeaseMs, 2_000)) return;
    this.checking = true;
    try {
      const leased = (await redis.exists(runLeaseKey(keyPrefix, runId))) === 1;
      if (leased) return;
      if (this.started) {
        this.options.logger.warn({ runId }, 'worker lease lapsed mid-answer; ending the run');
        await this.end('WORKER_LOST');
        return;
      }
      if (Date.now() - this.createdAt >= queueWaitTimeoutMs) {
        // Only a job still waiting can be taken back; one a worker just took will start streaming any moment.
        const removed = await this.options.queue.remove(runId);
        if (removed === 1) {
          this.options.logger.warn({ runId }, 'no worker took the job in time; ending the run');
          await this.end('QUEUE_TIMEOUT');
        }
      }
    } catch (error) {
      this.options.logger.warn({ err: error, runId }, 'run watchdog check failed');
    } finally {
      this.checking = false;
    }
  }

  private async end(code: 'WORKER_LOST' | 'QUEUE_TIMEOUT'): Promise<void> {
    this.stop();
    await failRunAndAnnounce(this.options.orm.em.fork(), this.options.writer, this.options.runId, runFailure(code));
  }
}
