import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { readRequestEvents } from '../../core/events/request-event-reader.ts';
import { isTerminalRunEvent, type RunEvent } from '../../core/events/run-event.ts';
import { announceStoredOutcome } from '../../core/runs/run-outcome-announcer.ts';
import { followRequestEvents } from './follow-request-events.ts';
import { RunWatchdog } from './run-watchdog.ts';

export interface WatchedRun {
  runId: string;
  engine: string;
  model: string;
  /** Already ended in Postgres when watching began (a resume): its ending is announced again if the stream lost it. */
  endedBefore?: boolean;
}

export interface WatchRequestOptions {
  requestId: string;
  runs: WatchedRun[];
  afterSeq?: number;
  signal: AbortSignal;
  logger: FastifyBaseLogger;
}

/**
 * Every event of a request's runs, in order, until each run has ended (or `signal` aborts). A watchdog per open
 * run ends runs whose worker died or never came; endings already in Postgres are re-announced (the stream refuses a
 * second terminal event, so this only fills in what an expired stream forgot). Both the SSE bridges and the
 * non-streaming endpoints read answers through this.
 */
export async function* watchRequest(app: FastifyInstance, options: WatchRequestOptions): AsyncGenerator<RunEvent> {
  // Runs that ended before watching began do not hold the watch open; their events still pass through.
  const open = new Set(options.runs.filter((run) => !run.endedBefore).map((run) => run.runId));
  const known = new Set(options.runs.map((run) => run.runId));
  const watchdogs = new Map<string, RunWatchdog>();
  for (const run of options.runs) {
    if (run.endedBefore) continue;
    const watchdog = new RunWatchdog({
      orm: app.orm,
      redis: app.redis,
      queue: app.answerQueue,
      writer: app.eventWriter,
      logger: options.logger,
      keyPrefix: app.config.redis.keyPrefix,
      runId: run.runId,
      runLeaseMs: app.config.worker.runLeaseMs,
      queueWaitTimeoutMs: app.config.server.queueWaitTimeoutMs,
    });
    watchdog.start();
    watchdogs.set(run.runId, watchdog);
  }
  try {
    for (const run of options.runs) {
      if (run.endedBefore) await announceStoredOutcome(app.orm.em.fork(), app.eventWriter, run.runId);
    }
    if (open.size === 0) {
      // Everything had ended: replay what the watcher missed and stop.
      yield* (await readRequestEvents(app.redis, app.config.redis.keyPrefix, options.requestId, options.afterSeq ?? 0)).filter((event) =>
        known.has(event.runId),
      );
      return;
    }
    for await (const event of followRequestEvents({
      hub: app.eventHub,
      redis: app.redis,
      keyPrefix: app.config.redis.keyPrefix,
      requestId: options.requestId,
      afterSeq: options.afterSeq ?? 0,
      signal: options.signal,
    })) {
      if (!known.has(event.runId)) continue;
      watchdogs.get(event.runId)?.noteActivity(event.type === 'run_start' || event.type === 'text_delta');
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
