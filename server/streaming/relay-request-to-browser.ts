import type { FastifyReply, FastifyRequest } from 'fastify';
import { RUN_FAILURES } from '../../core/runs/index.ts';
import { relayRequest, type RelayRequestOptions, type RelayServices } from './relay-request.ts';
import { ServerSentEventStream } from './server-sent-events.ts';

const KEEP_ALIVE_MS = 15_000;

/** What to relay; `afterSeq` is the browser's Last-Event-ID. */
export type RelayToBrowserOptions = Pick<RelayRequestOptions, 'requestId' | 'runs' | 'afterSeq' | 'format'>;

/**
 * Relays a request to the browser as server-sent events: the SSE side of `relayRequest`, each frame an event with
 * its `seq` as the id. The answers do not depend on this connection: a browser that leaves loses nothing (it can
 * resume from its last event id), and the workers finish and store the answers regardless.
 */
export async function relayRequestToBrowser(services: RelayServices, request: FastifyRequest, reply: FastifyReply, options: RelayToBrowserOptions): Promise<void> {
  reply.hijack();
  const stream = new ServerSentEventStream(reply.raw, request.server.config.streaming.stalledClientMs);
  stream.open({ ...(reply.getHeaders() as Record<string, string>), 'x-request-id': request.id });
  const left = new AbortController();
  reply.raw.on('close', () => left.abort());
  const keepAlive = setInterval(() => stream.comment('keep-alive'), KEEP_ALIVE_MS);

  try {
    await relayRequest(services, {
      ...options,
      signal: left.signal,
      logger: request.log,
      send: (frame, seq) => stream.send(frame.event, frame.data, seq ?? undefined),
    });
  } catch (error) {
    request.log.error({ err: error, requestId: options.requestId }, 'event relay failed');
    await stream.send('error', { requestId: options.requestId, message: RUN_FAILURES.SERVICE_UNAVAILABLE.message, code: 'SERVICE_UNAVAILABLE', retryable: true });
  } finally {
    clearInterval(keepAlive);
    stream.end();
  }
}
