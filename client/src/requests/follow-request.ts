import type { ArenaRequestBody } from '../../../contract/arena.ts';
import type { CompareRequestBody, AskKind, SearchRequestBody } from '../../../contract/ask.ts';
import type { LiveSocket } from '../api/live-socket.ts';
import { openEventStream } from './event-stream.ts';
import { checkFrame, type FrameCheck } from './frame-check.ts';
import { createFrameDecoder, type FrameDecoder } from './frame-decoder.ts';
import { createRunTextFeed } from './run-text-feed.ts';
import { isTerminalUpdate, type RunUpdate } from './run-update.ts';
import type { FrameScheduler } from './text-batcher.ts';
import { REFUSAL_FALLBACK, streamInterrupted, type StreamFailure } from './stream-failure.ts';

export const STREAM_PATHS = { single: '/api/search/stream', comparison: '/api/compare/stream', arena: '/api/arena/stream' } as const;

export interface FollowRequestOptions {
  kind: AskKind;
  /** Ask (POST the body and read its stream), or pick up a request already running after `afterSeq`. */
  start: { body: SearchRequestBody | CompareRequestBody | ArenaRequestBody } | { requestId: string; afterSeq: number };
  signal: AbortSignal;
  live: Pick<LiveSocket, 'follow'>;
  /**
   * Each update, in order, ending with exactly one `request-finished` or `request-failed` unless `signal` aborts.
   * Text comes at most once per animation frame per run (`run-text-feed.ts`).
   */
  onUpdate(update: RunUpdate): void;
  /** Told once, as soon as a frame names the request: from then on it can be resumed and stopped. */
  onRequestId?(requestId: string): void;
  /** For tests: the checker, the transport and the animation frames. */
  check?: FrameCheck;
  openStream?: typeof openEventStream;
  scheduler?: FrameScheduler;
}

const seqOf = (id: string | null): number | null => (id !== null && /^\d+$/.test(id) ? Number(id) : null);

function parseData(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: the contract check reports it like any other broken frame.
    return text;
  }
}

/**
 * Follows one request to its end: its SSE response first and, when that connection drops mid-answer (or after a
 * reload), the tab's live socket from the last frame received. Both paths decode through the same decoder, so a
 * frame is applied once whichever way it came. Never rejects. This module, with the contract's schemas and their
 * checker, is loaded only with `import()` (`follower-loader.ts`), so the first paint does not carry it.
 */
export async function followRequest(options: FollowRequestOptions): Promise<void> {
  const { kind, signal } = options;
  const check = options.check ?? checkFrame;
  const feed = createRunTextFeed((update) => options.onUpdate(update), options.scheduler);
  // Text still waiting for a frame belongs to a request nobody follows any more.
  signal.addEventListener('abort', () => feed.discard(), { once: true });
  let decoder: FrameDecoder | null = null;
  let ended = false;
  let namedRequest = false;

  const emit = (updates: readonly RunUpdate[]): void => {
    if (!namedRequest && decoder?.requestId) {
      namedRequest = true;
      options.onRequestId?.(decoder.requestId);
    }
    for (const update of updates) {
      if (ended || signal.aborted) return;
      if (update.type === 'request-failed' && update.reason) console.error(`Streaming error: ${update.reason}`);
      ended = isTerminalUpdate(update);
      feed.receive(update);
    }
  };
  const fail = (failure: StreamFailure, reason?: string): void => emit([{ type: 'request-failed', failure, ...(reason ? { reason } : {}) }]);

  let requestId: string;
  if ('body' in options.start) {
    const opened = await (options.openStream ?? openEventStream)(STREAM_PATHS[kind], options.start.body, REFUSAL_FALLBACK[kind], signal);
    if (opened === null || signal.aborted) return;
    if (!('events' in opened)) return fail(opened);
    decoder = createFrameDecoder(kind, check);
    for await (const message of opened.events) {
      emit(decoder.decode({ event: message.event, data: parseData(message.data) }, seqOf(message.ownId)));
      if (ended || signal.aborted) break;
    }
    if (ended || signal.aborted) return;
    // The connection dropped before the stream said how it ended: the answers go on being written on the server.
    if (decoder.requestId === null) return fail(opened.outcome() ?? streamInterrupted);
    requestId = decoder.requestId;
  } else {
    decoder = createFrameDecoder(kind, check, options.start.afterSeq);
    requestId = options.start.requestId;
  }

  const following = decoder;
  await new Promise<void>((resolve) => {
    const finish = (): void => {
      unfollow();
      signal.removeEventListener('abort', finish);
      resolve();
    };
    const unfollow = options.live.follow(requestId, following.lastSeq, {
      onFrame(frame) {
        emit(following.decode({ event: frame.event, data: frame.data }, frame.seq));
        if (ended) finish();
      },
      onDone({ error }) {
        // The server has nothing more without a final frame: the request is unknown (its events expired) or gone.
        if (!ended) fail(error ? { message: error, code: 'live_unavailable', retryable: true } : streamInterrupted);
        finish();
      },
    });
    signal.addEventListener('abort', finish, { once: true });
  });
}
