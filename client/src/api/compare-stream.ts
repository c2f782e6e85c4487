import { decodeCompareEvent, type CompareRequest, type CompareStreamEvent } from './compare-contract.ts';
import { parseFields } from './event-fields.ts';
import {
  exchangeEventStream,
  invalidEvent,
  readStreamRefusal,
  type EventStreamOptions,
  type StreamFailure,
} from './event-stream-exchange.ts';

export const COMPARE_STREAM_PATH = '/api/compare/stream';
/** Spec section 8's fallbacks: a refusal that says nothing usable, and an `error` event without a message. */
export const COMPARISON_FAILED_MESSAGE = 'Comparison failed';
export const COMPARISON_ERROR_MESSAGE = 'An error occurred during comparison';

/** Every event but `error`, which ends the exchange and arrives through `onError`. */
export type CompareProgressEvent = Exclude<CompareStreamEvent, { type: 'error' }>;

export interface CompareStreamHandlers {
  /**
   * One model's news, or `all_complete`. `seq` is the event's resume point (its SSE id): following the request over
   * the live socket after it picks up where this stream stopped. Null for events that are not one (`all_complete`).
   */
  onEvent(event: CompareProgressEvent, seq: number | null): void;
  onError(failure: StreamFailure): void;
}

function seqOf(id: string): number | null {
  return /^\d+$/.test(id) ? Number(id) : null;
}

/**
 * Asks every selected model the same question and reports each model's events as they arrive, interleaved, then
 * `all_complete`. Resolves once the exchange is over, having ended with exactly one `all_complete` or `onError` —
 * unless `signal` aborts, in which case it stops calling handlers at once and resolves quietly. Never rejects
 * (except when a handler throws).
 */
export async function streamCompare(
  request: CompareRequest,
  handlers: CompareStreamHandlers,
  signal?: AbortSignal,
  options: EventStreamOptions = {},
): Promise<void> {
  const failure = await exchangeEventStream(
    {
      path: COMPARE_STREAM_PATH,
      body: request,
      signal,
      readFailure: (response) => readStreamRefusal(response, COMPARISON_FAILED_MESSAGE),
      onMessage(message) {
        const decoded = decodeCompareEvent(message.event, parseFields(message.data));
        if (decoded.outcome === 'unknown') return 'continue';
        if (decoded.outcome === 'invalid') {
          handlers.onError(invalidEvent);
          return 'stop';
        }

        const { event } = decoded;
        switch (event.type) {
          case 'error':
            handlers.onError({ message: event.message || COMPARISON_ERROR_MESSAGE, code: event.code, retryable: event.retryable });
            return 'stop';
          case 'all_complete':
            // The parser carries the last id over to events without one; `all_complete` is not a resume point.
            handlers.onEvent(event, null);
            return 'stop';
          default:
            handlers.onEvent(event, seqOf(message.id));
            return 'continue';
        }
      },
    },
    options,
  );
  if (failure) handlers.onError(failure);
}
