import type { MikroORM } from '@mikro-orm/postgresql';
import type { RedisClient } from '../core/redis/index.ts';
import type { Logger } from 'pino';
import { releaseHold, runsWithExpiredHolds } from '../core/credits/index.ts';
import { ModelRun } from '../core/database/index.ts';
import type { RequestEventWriter } from '../core/events/index.ts';
import {
  checkRunLiveness,
  failRunAndAnnounce,
  livenessCutoffs,
  runFailure,
  type RequestEndedListener,
  type RunLivenessCheckDependencies,
} from '../core/runs/index.ts';
import { deleteUnusedUploads } from '../core/attachments/index.ts';

const SWEEP_BATCH = 200;
/** Runs checked at once: each may wait a lease's lifetime to read a missing lease again, so they wait together. */
const CHECKS_AT_ONCE = 16;

export interface StaleRunSweeperOptions {
  orm: MikroORM;
  redis: RedisClient;
  /** The process's answer queue handle (a job is found in whichever partition holds it). */
  queue: RunLivenessCheckDependencies['queue'];
  writer: RequestEventWriter;
  logger: Logger;
  keyPrefix: string;
  runLeaseMs: number;
  queueWaitTimeoutMs: number;
  /** Told when a run swept here was its request's last: a tracking slot waiting on it finishes now. */
  onRequestEnded?: RequestEndedListener | undefined;
}

/**
 * Ends runs nobody will finish, by the same liveness rule the server's watchdog applies: "running" whose worker's
 * lease lapsed (the process died while no browser was watching), and "queued" whose job vanished from Redis or
 * ended without running. Nobody is waiting on these, so a job still queued is a backlog and is left to drain. Every
 * worker process runs it; the conditional updates make concurrent sweeps harmless.
 */
export async function sweepStaleRuns(options: StaleRunSweeperOptions): Promise<number> {
  const em = options.orm.em.fork();
  const limits = { runLeaseMs: options.runLeaseMs, queueWaitTimeoutMs: options.queueWaitTimeoutMs };
  // Nobody watches these runs, so no event vouches for them: a lease is called lapsed only when it is missing twice,
  // a lease's lifetime apart (a live worker sets it again well within that, also after Redis forgot it).
  const check = {
    orm: options.orm,
    redis: options.redis,
    queue: options.queue,
    writer: options.writer,
    keyPrefix: options.keyPrefix,
    limits,
    confirmLapseAfterMs: options.runLeaseMs,
    onRequestEnded: options.onRequestEnded,
  };
  const cutoffs = livenessCutoffs(limits, Date.now());
  let swept = 0;

  // Each state has its own batch, so a long backlog of queued runs never keeps a dead worker's runs waiting.
  const candidates = [
    ...(await em.find(ModelRun, { status: 'running', startedAt: { $lt: cutoffs.startedBefore } }, { limit: SWEEP_BATCH })),
    ...(await em.find(ModelRun, { status: 'queued', createdAt: { $lt: cutoffs.queuedBefore } }, { limit: SWEEP_BATCH })),
  ];
  let next = 0;
  const checkRemaining = async () => {
    while (next < candidates.length) {
      const run = candidates[next++]!;
      const verdict = await checkRunLiveness(check, run.id, {
        status: run.status === 'running' ? 'running' : 'queued',
        queuedAt: run.createdAt.getTime(),
        lastSignOfLifeAt: run.startedAt?.getTime() ?? null,
        watched: false,
      });
      if (verdict !== 'alive') swept += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHECKS_AT_ONCE, candidates.length) }, checkRemaining));

  // A hold outlives its run's longest possible life; one still open past that belongs to a run that will never settle.
  for (const runId of await runsWithExpiredHolds(em, SWEEP_BATCH)) {
    await failRunAndAnnounce(options.orm.em.fork(), options.writer, runId, runFailure('WORKER_LOST'), { onRequestEnded: options.onRequestEnded });
    // The run may be gone (its owner deleted) or already ended; the hold is released either way.
    await options.orm.em.fork().transactional((transaction) => releaseHold(transaction, runId));
    swept += 1;
  }

  if (swept > 0) options.logger.warn({ swept }, 'ended stale runs');
  // Files uploaded but never asked with, a day on, go too (they would fill their owner's quota).
  const forgotten = await deleteUnusedUploads(options.orm.em.fork()).catch((error: unknown) => {
    options.logger.warn({ err: error }, 'could not delete unused uploads');
    return 0;
  });
  if (forgotten > 0) options.logger.info({ forgotten }, 'deleted files uploaded but never asked with');
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
