import type { FastifyBaseLogger } from 'fastify';
import { OPEN_MODEL_RUN_STATUSES, type ModelRun } from '../../core/database/index.ts';
import { isTerminalRunEvent, readRequestEventPages, type RunEvent } from '../../core/events/index.ts';
import { announceStoredOutcome } from '../../core/runs/index.ts';
import type { RequestServices } from '../requests/request-services.ts';
import { followRequestEvents } from './follow-request-events.ts';
import { RunWatchdog, type WatchedRunState } from './run-watchdog.ts';

export interface WatchedRun {
  runId: string;
  engine: string;
  model: string;
  /** Already ended in Postgres when watching began (a resume): its ending is announced again if the stream lost it. */
  endedBefore?: boolean;
  /** Where the run stood when watching began; a run without it was queued just now. */
  state?: WatchedRunState;
}

export type WatchServices = Pick<RequestServices, 'orm' | 'redis' | 'keyPrefix' | 'eventWriter' | 'requestEvents' | 'liveness'>;

export interface WatchRequestOptions {
  requestId: string;
  runs: WatchedRun[];
  afterSeq?: number;
  signal: AbortSignal;
  logger: FastifyBaseLogger;
}

/** The runs of a stored request as a watch sees them, from their rows. */
export function watchedRuns(runs: ModelRun[]): WatchedRun[] {
  return runs.map((run) => {
    const open = OPEN_MODEL_RUN_STATUSES.includes(run.status);
    return {
      runId: run.id,
      engine: run.engine,
      model: run.model,
      endedBefore: !open,
      ...(open
        ? { state: { status: run.status === 'running' ? 'running' : 'queued', queuedAt: run.createdAt.getTime(), startedAt: run.startedAt?.getTime() ?? null } }
        : {}),
    };
  });
}

/**
 * Every event of a request's runs, in order, until each run has ended (or `signal` aborts). A watchdog per open
 * run ends runs whose worker died or never came; endings already in Postgres are re-announced (the stream refuses a
 * second terminal event, so this only fills in what an expired stream forgot). Both the live bridges and the
 * non-streaming endpoints read answers through this.
 */
export async function* watchRequest(services: WatchServices, options: WatchRequestOptions): AsyncGenerator<RunEvent> {
  // Runs that ended before watching began do not hold the watch open; their events still pass through.
  const open = new Set(options.runs.filter((run) => !run.endedBefore).map((run) => run.runId));
  const known = new Set(options.runs.map((run) => run.runId));
  const watchdogs = new Map<string, RunWatchdog>();
  const watchedAt = Date.now();
  for (const run of options.runs) {
    if (run.endedBefore) continue;
    const watchdog = new RunWatchdog({
      liveness: services.liveness,
      logger: options.logger,
      runId: run.runId,
      run: run.state ?? { status: 'queued', queuedAt: watchedAt, startedAt: null },
    });
    watchdog.start();
    watchdogs.set(run.runId, watchdog);
  }
  try {
    for (const run of options.runs) {
      if (run.endedBefore) await announceStoredOutcome(services.orm.em.fork(), services.eventWriter, run.runId);
    }
    if (open.size === 0) {
      // Everything had ended: replay what the watcher missed and stop.
      // A page at a time, so a reader who takes nothing holds one page here, not the whole answer.
      for await (const page of readRequestEventPages(services.redis, services.keyPrefix, options.requestId, options.afterSeq ?? 0)) {
        for (const event of page) if (known.has(event.runId)) yield event;
        if (options.signal.aborted) return;
      }
      return;
    }
    for await (const event of followRequestEvents({
      hub: services.requestEvents,
      redis: services.redis,
      keyPrefix: services.keyPrefix,
      requestId: options.requestId,
      afterSeq: options.afterSeq ?? 0,
      signal: options.signal,
    })) {
      if (!known.has(event.runId)) continue;
      watchdogs.get(event.runId)?.noteActivity();
      yield event;
      if (isTerminalRunEvent(event)) {
        open.delete(event.runId);
        watchdogs.get(event.runId)?.stop();
        if (open.size === 0) return;
      }
    }
  } finally {
    for (const watchdog of watchdogs.values()) watchdog.stop();
  }
}
