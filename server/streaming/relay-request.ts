import type { FastifyBaseLogger } from 'fastify';
import type { RequestKind } from '../../core/database/index.ts';
import { markStage, stageTraceEnabled, writeStageTrace } from '../../core/tracing/index.ts';
import { observeStage } from '../../core/metrics/index.ts';
import { requestResults } from '../../core/requests/index.ts';
import { retryWhileUnavailable } from '../../core/errors/index.ts';
import type { RequestServices } from '../requests/request-services.ts';
import { comparisonFormat, singleSearchFormat, type Frame, type StreamFormat } from './stream-formats.ts';
import { watchRequest, type WatchedRun, type WatchServices } from './watch-request.ts';

/** How long the closing read of a finished request waits for Postgres before the stream ends with a 503. */
const CLOSING_READ_PATIENCE_MS = 10_000;

export type RelayServices = WatchServices & Pick<RequestServices, 'openStreams'>;

/** Puts one frame on the wire; `seq` is null for frames no stored event stands behind (not a resume point). */
export type FrameSink = (frame: Frame, seq: number | null) => Promise<void>;

export interface RelayRequestOptions {
  requestId: string;
  runs: WatchedRun[];
  /** Resume after this sequence number; 0 for everything. */
  afterSeq?: number;
  format: StreamFormat;
  /** Aborted when the receiver leaves. */
  signal: AbortSignal;
  logger: FastifyBaseLogger;
  send: FrameSink;
}

/** `finished`: every run ended and the format's closing frames went out. `stopped`: the receiver left or the server is stopping. */
export type RelayOutcome = 'finished' | 'stopped';

/** The frames a stored request is relayed in. */
export function streamFormatFor(kind: RequestKind): StreamFormat {
  // Only a single question has one model to speak for; a tracking run's question is relayed like a comparison.
  return kind === 'single' ? singleSearchFormat : comparisonFormat;
}

/**
 * Relays a request's events as its format's frames until every run has ended, the receiver leaves, or the server
 * shuts down; the one loop behind the SSE endpoints and the live socket. It counts as an open stream for a graceful
 * shutdown: it may finish during the grace period, and is otherwise told the server is restarting, after which
 * nothing more goes out. Failures are thrown for the caller to report in its own words.
 */
export async function relayRequest(services: RelayServices, options: RelayRequestOptions): Promise<RelayOutcome> {
  const { requestId, format } = options;
  const stop = new AbortController();
  const onLeave = () => stop.abort();
  options.signal.addEventListener('abort', onLeave, { once: true });
  if (options.signal.aborted) stop.abort();
  const send: FrameSink = async (frame, seq) => {
    if (!stop.signal.aborted) await options.send(frame, seq);
  };
  let relayed: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    relayed = resolve;
  });
  const unregister = services.openStreams.add({
    interrupt: async () => {
      // Stop first, so no frame of the answer can follow the notice; then wait until the loop has let go.
      stop.abort();
      await options.send(format.interrupted(requestId), null);
      await done;
    },
  });
  const runsById = new Map(options.runs.map((run) => [run.runId, run]));
  // A first token counts towards the first-byte stage only for a browser that was already waiting for it: a resume
  // long after would count the person's absence, not Quorum's work.
  const relayStartedAt = Date.now();

  try {
    const watch = watchRequest(services, { requestId, runs: options.runs, afterSeq: options.afterSeq ?? 0, signal: stop.signal, logger: options.logger });
    for await (const event of watch) {
      const firstText = stageTraceEnabled && event.type === 'text_delta';
      if (firstText) markStage('first-delta-heard');
      for (const frame of format.frames(event, runsById.get(event.runId)!)) await send(frame, event.seq);
      if (event.type === 'text_delta' && event.firstByteAt !== undefined && event.firstByteAt >= relayStartedAt && !stop.signal.aborted) {
        observeStage('provider_first_byte_to_browser', Date.now() - event.firstByteAt);
      }
      if (firstText) {
        markStage('first-chunk-written');
        writeStageTrace('server', requestId);
      }
    }
    // The watch ends either because every run ended (then say so) or because it was stopped.
    if (stop.signal.aborted) return 'stopped';
    // Every run has ended, so its row is stored: a read that finds Postgres out of reach (just back from a restart,
    // or a pooled connection the crash killed) is tried again for a few seconds rather than ending a complete
    // answer with an error.
    const results = await retryWhileUnavailable(() => requestResults(services.orm.em.fork(), requestId), {
      signal: stop.signal,
      giveUpAfterMs: CLOSING_READ_PATIENCE_MS,
    });
    for (const frame of format.finished(results, requestId)) await send(frame, null);
    return stop.signal.aborted ? 'stopped' : 'finished';
  } finally {
    relayed();
    unregister();
    options.signal.removeEventListener('abort', onLeave);
  }
}
