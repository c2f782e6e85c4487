import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RUN_FAILURES } from '../../core/runs/run-failures.ts';
import { requestResults } from '../requests/request-results.ts';
import { ServerSentEventStream } from './server-sent-events.ts';
import type { StreamFormat } from './stream-formats.ts';
import { watchRequest, type WatchedRun } from './watch-request.ts';

const KEEP_ALIVE_MS = 15_000;

export interface RelayOptions {
  requestId: string;
  runs: WatchedRun[];
  /** Resume after this sequence number (Last-Event-ID); 0 for everything. */
  afterSeq?: number;
  format: StreamFormat;
}

/**
 * Relays a request's events to the browser as server-sent events until every run has ended, the browser leaves, or
 * the server shuts down. The answers do not depend on this connection: a browser that leaves loses nothing (it can
 * resume from its last event id), and the workers finish and store the answers regardless.
 */
export async function relayRequestToBrowser(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, options: RelayOptions): Promise<void> {
  reply.hijack();
  const stream = new ServerSentEventStream(reply.raw);
  stream.open({ ...(reply.getHeaders() as Record<string, string>), 'x-request-id': request.id });

  const stop = new AbortController();
  reply.raw.on('close', () => stop.abort());
  const keepAlive = setInterval(() => stream.comment('keep-alive'), KEEP_ALIVE_MS);
  const unregister = app.openStreams.add({
    interrupt: async () => {
      const frame = options.format.interrupted(options.requestId);
      await stream.send(frame.event, frame.data);
      stop.abort();
      stream.end();
    },
  });
  const runsById = new Map(options.runs.map((run) => [run.runId, run]));

  try {
    const watch = watchRequest(app, { requestId: options.requestId, runs: options.runs, afterSeq: options.afterSeq ?? 0, signal: stop.signal, logger: request.log });
    for await (const event of watch) {
      for (const frame of options.format.frames(event, runsById.get(event.runId)!)) await stream.send(frame.event, frame.data, event.seq);
    }
    // The watch ends either because every run ended (then say so) or because the browser left or the server stops.
    if (!stop.signal.aborted) {
      const results = await requestResults(app.orm.em.fork(), options.requestId);
      for (const frame of options.format.finished(results, options.requestId)) await stream.send(frame.event, frame.data);
    }
  } catch (error) {
    request.log.error({ err: error, requestId: options.requestId }, 'event relay failed');
    await stream.send('error', { requestId: options.requestId, message: RUN_FAILURES.SERVICE_UNAVAILABLE.message, code: 'SERVICE_UNAVAILABLE', retryable: true });
  } finally {
    clearInterval(keepAlive);
    unregister();
    stream.end();
  }
}
