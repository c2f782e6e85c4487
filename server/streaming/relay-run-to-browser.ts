import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isTerminalRunEvent, type RunEvent } from '../../core/events/run-event.ts';
import { RUN_FAILURES } from '../../core/runs/run-failures.ts';
import { followRequestEvents } from './follow-request-events.ts';
import { RunWatchdog } from './run-watchdog.ts';
import { ServerSentEventStream } from './server-sent-events.ts';

const KEEP_ALIVE_MS = 15_000;

export interface RelayOptions {
  requestId: string;
  runId: string;
  afterSeq?: number;
  /** Names and shapes each run event for this endpoint's browser contract. */
  toFrame(event: RunEvent): { event: string; data: Record<string, unknown> };
  /** The frame sent when the server must stop mid-answer (shutdown). */
  interruptedFrame(): { event: string; data: Record<string, unknown> };
}

/**
 * Relays one run's events to the browser as server-sent events until the run ends, the browser leaves, or the
 * server shuts down. The answer itself does not depend on this connection: a browser that leaves loses nothing, and
 * the worker finishes and stores the answer regardless.
 */
export async function relayRunToBrowser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: RelayOptions,
): Promise<void> {
  reply.hijack();
  const stream = new ServerSentEventStream(reply.raw);
  stream.open({ ...(reply.getHeaders() as Record<string, string>), 'x-request-id': request.id });

  const stop = new AbortController();
  reply.raw.on('close', () => stop.abort());
  const watchdog = new RunWatchdog({
    orm: app.orm,
    redis: app.redis,
    queue: app.answerQueue,
    writer: app.eventWriter,
    logger: request.log,
    keyPrefix: app.config.redis.keyPrefix,
    runId: options.runId,
    runLeaseMs: app.config.worker.runLeaseMs,
    queueWaitTimeoutMs: app.config.server.queueWaitTimeoutMs,
  });
  const keepAlive = setInterval(() => stream.comment('keep-alive'), KEEP_ALIVE_MS);
  const unregister = app.openStreams.add({
    interrupt: async () => {
      const frame = options.interruptedFrame();
      await stream.send(frame.event, frame.data);
      stop.abort();
      stream.end();
    },
  });

  watchdog.start();
  try {
    for await (const event of followRequestEvents({
      hub: app.eventHub,
      redis: app.redis,
      keyPrefix: app.config.redis.keyPrefix,
      requestId: options.requestId,
      afterSeq: options.afterSeq ?? 0,
      signal: stop.signal,
    })) {
      if (event.runId !== options.runId) continue;
      watchdog.noteActivity(event.type === 'run_start' || event.type === 'text_delta');
      const frame = options.toFrame(event);
      await stream.send(frame.event, frame.data, event.seq);
      if (isTerminalRunEvent(event)) break;
    }
  } catch (error) {
    request.log.error({ err: error, requestId: options.requestId }, 'event relay failed');
    await stream.send('error', {
      requestId: options.requestId,
      runId: options.runId,
      message: RUN_FAILURES.SERVICE_UNAVAILABLE.message,
      code: 'SERVICE_UNAVAILABLE',
      retryable: true,
    });
  } finally {
    watchdog.stop();
    clearInterval(keepAlive);
    unregister();
    stream.end();
  }
}
