import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { OPEN_MODEL_RUN_STATUSES } from '../../../core/database/entities/model-run.ts';
import { RUN_FAILURES } from '../../../core/runs/run-failures.ts';
import { AppError } from '../../errors/app-error.ts';
import { loadRequestForViewer, type RequestViewer } from '../../requests/request-access.ts';
import { requestResults } from '../../requests/request-results.ts';
import { comparisonFormat, singleSearchFormat } from '../../streaming/stream-formats.ts';
import { watchRequest, type WatchedRun } from '../../streaming/watch-request.ts';
import type { ServerMessage } from './live-messages.ts';

export interface LiveSubscriptionOptions {
  requestId: string;
  /** Resume after this `seq`, like Last-Event-ID; 0 for everything. */
  afterSeq: number;
  viewer: () => Promise<RequestViewer>;
  /** Aborted when the tab unsubscribes or the socket closes. */
  signal: AbortSignal;
  /** Queues one message on the socket; resolves once the socket can take more. */
  send: (message: ServerMessage) => Promise<void>;
  logger: FastifyBaseLogger;
}

/**
 * One request watched over a live socket: the WebSocket twin of `relayRequestToBrowser`. Checks the viewer may see
 * the request (the same 404 as the HTTP endpoints), acknowledges, relays its frames with their `seq` until every
 * run has ended, then says `request_finished`. Like an SSE stream, it counts as an open stream for a graceful
 * shutdown: it may finish during the grace period, and is told the server is restarting otherwise.
 */
export async function runLiveSubscription(app: FastifyInstance, options: LiveSubscriptionOptions): Promise<void> {
  const { requestId, logger } = options;
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  options.signal.addEventListener('abort', onAbort, { once: true });
  if (options.signal.aborted) stop.abort();
  // Nothing more goes out once the subscription is stopped, whoever stopped it.
  const send = async (message: ServerMessage) => {
    if (!stop.signal.aborted) await options.send(message);
  };
  let unregister = () => {};

  try {
    const { searchRequest, runs } = await loadRequestForViewer(app, requestId, options.viewer);
    await send({ type: 'subscribed', requestId });
    if (stop.signal.aborted) return;

    const format = searchRequest.engine.startsWith('comparison') ? comparisonFormat : singleSearchFormat;
    unregister = app.openStreams.add({
      interrupt: async () => {
        const frame = format.interrupted(requestId);
        // Stop first, so no frame of the answer can follow the notice.
        stop.abort();
        await options.send({ type: 'event', requestId, seq: null, event: frame.event, data: frame.data });
      },
    });
    const watched: WatchedRun[] = runs.map((run) => ({
      runId: run.id,
      engine: run.engine,
      model: run.model,
      endedBefore: !OPEN_MODEL_RUN_STATUSES.includes(run.status),
    }));
    const runsById = new Map(watched.map((run) => [run.runId, run]));

    const watch = watchRequest(app, { requestId, runs: watched, afterSeq: options.afterSeq, signal: stop.signal, logger });
    for await (const event of watch) {
      for (const frame of format.frames(event, runsById.get(event.runId)!)) {
        await send({ type: 'event', requestId, seq: event.seq, event: frame.event, data: frame.data });
      }
    }
    // The watch ends either because every run ended (then say so) or because it was stopped.
    if (stop.signal.aborted) return;
    const results = await requestResults(app.orm.em.fork(), requestId);
    for (const frame of format.finished(results, requestId)) await send({ type: 'event', requestId, seq: null, event: frame.event, data: frame.data });
    await send({ type: 'request_finished', requestId });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      await send({ type: 'error', requestId, message: error.message, code: 'NOT_FOUND' });
      return;
    }
    logger.error({ err: error, requestId }, 'live subscription failed');
    await send({ type: 'error', requestId, message: RUN_FAILURES.SERVICE_UNAVAILABLE.message, code: 'SERVICE_UNAVAILABLE' });
  } finally {
    unregister();
    options.signal.removeEventListener('abort', onAbort);
  }
}
