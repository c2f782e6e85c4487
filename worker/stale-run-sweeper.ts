import type { MikroORM } from '@mikro-orm/postgresql';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { releaseHold } from '../core/credits/credit-ledger.ts';
import { ModelRun } from '../core/database/entities/model-run.ts';
import { runLeaseKey } from '../core/events/request-event-keys.ts';
import type { RequestEventWriter } from '../core/events/request-event-writer.ts';
import { runFailure } from '../core/runs/run-failures.ts';
import { failRunAndAnnounce } from '../core/runs/run-outcome-announcer.ts';

const PENDING_JOB_STATES = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

export interface StaleRunSweeperOptions {
  orm: MikroORM;
  redis: Redis;
  queue: Queue;
  writer: RequestEventWriter;
  logger: Logger;
  keyPrefix: string;
  runLeaseMs: number;
  queueWaitTimeoutMs: number;
}

/**
 * Ends runs nobody will finish: "running" whose worker's lease lapsed (the process died while no browser was
 * watching), and "queued" whose job vanished from Redis or ended without running. Every worker process runs it; the conditional updates make
 * concurrent sweeps harmless.
 */
export async function sweepStaleRuns(options: StaleRunSweeperOptions): Promise<number> {
  const em = options.orm.em.fork();
  const now = Date.now();
  let swept = 0;

  const running = await em.find(
    ModelRun,
    { status: 'running', startedAt: { $lt: new Date(now - options.runLeaseMs) } },
    { limit: 200 },
  );
  for (const run of running) {
    const leased = await options.redis.exists(runLeaseKey(options.keyPrefix, run.id));
    if (leased) continue;
    await failRunAndAnnounce(options.orm.em.fork(), options.writer, run.id, runFailure('WORKER_LOST'));
    swept += 1;
  }

  const queued = await em.find(
    ModelRun,
    { status: 'queued', createdAt: { $lt: new Date(now - options.queueWaitTimeoutMs) } },
    { limit: 200 },
  );
  for (const run of queued) {
    // A job that failed or finished without claiming its run (e.g. Postgres was down) will never answer it either.
    const job = await options.queue.getJob(run.id);
    const state = job ? await job.getState() : 'missing';
    if (PENDING_JOB_STATES.has(state)) continue;
    await failRunAndAnnounce(options.orm.em.fork(), options.writer, run.id, runFailure('QUEUE_TIMEOUT'));
    swept += 1;
  }

  // A hold outlives its run's longest possible life; one still open past that belongs to a run that will never settle.
  const expired = await em.getConnection().execute<{ run_id: string }[]>(
    `select run_id from credit_holds where status = 'held' and expires_at < now() limit 200`,
  );
  for (const { run_id: runId } of expired) {
    await failRunAndAnnounce(options.orm.em.fork(), options.writer, runId, runFailure('WORKER_LOST'));
    // The run may be gone (its owner deleted) or already ended; the hold is released either way.
    await options.orm.em.fork().transactional((transaction) => releaseHold(transaction, runId));
    swept += 1;
  }

  if (swept > 0) options.logger.warn({ swept }, 'ended stale runs');
  return swept;
}

export function scheduleStaleRunSweeper(options: StaleRunSweeperOptions, intervalMs: number): () => void {
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepStaleRuns(options)
      .catch((error: unknown) => options.logger.error({ err: error }, 'stale run sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
