import type { FastifyBaseLogger } from 'fastify';
import { RUN_FAILURES } from '../../../core/runs/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { loadRequestForViewer, type RequestViewer } from '../../requests/request-access.ts';
import { relayRequest, type RelayServices } from '../../streaming/relay-request.ts';
import { requestStreamFormat } from '../../streaming/request-stream-format.ts';
import { watchedRuns } from '../../streaming/watch-request.ts';
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
 * One request watched over a live socket: the WebSocket side of `relayRequest`. Checks the viewer may see the
 * request (the same 404 as the HTTP endpoints), acknowledges, relays its frames with their `seq` until every run has
 * ended, then says `request_finished`.
 */
export async function runLiveSubscription(services: RelayServices, options: LiveSubscriptionOptions): Promise<void> {
  const { requestId, logger, signal } = options;
  // Nothing more goes out once the tab has unsubscribed or gone.
  const send = async (message: ServerMessage) => {
    if (!signal.aborted) await options.send(message);
  };

  try {
    const em = services.orm.em.fork();
    const { searchRequest, runs } = await loadRequestForViewer(em, requestId, options.viewer);
    await send({ type: 'subscribed', requestId });
    if (signal.aborted) return;
    const outcome = await relayRequest(services, {
      requestId,
      runs: watchedRuns(runs),
      afterSeq: options.afterSeq,
      format: await requestStreamFormat(em, searchRequest, runs),
      signal,
      logger,
      send: (frame, seq) => options.send({ type: 'event', requestId, seq, ...frame }),
    });
    if (outcome === 'finished') await send({ type: 'request_finished', requestId });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      await send({ type: 'error', requestId, message: error.message, code: 'NOT_FOUND' });
      return;
    }
    logger.error({ err: error, requestId }, 'live subscription failed');
    await send({ type: 'error', requestId, message: RUN_FAILURES.SERVICE_UNAVAILABLE.message, code: 'SERVICE_UNAVAILABLE' });
  }
}
