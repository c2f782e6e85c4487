import {
  exchangeEventStream,
  invalidEvent,
  readStreamRefusal,
  type EventStreamOptions,
  type StreamFailure,
} from './event-stream-exchange.ts';
import {
  decodeSearchEvent,
  type SearchChunkEvent,
  type SearchEndEvent,
  type SearchRequest,
  type SearchStartEvent,
} from './search-contract.ts';

export {
  CONNECTION_FAILED_MESSAGE,
  RESPONSE_HEADERS_TIMEOUT_MS,
  STREAMING_ERROR_MESSAGE,
  TIMED_OUT_MESSAGE,
} from './event-stream-exchange.ts';

export const SEARCH_STREAM_PATH = '/api/search/stream';
export const SEARCH_FAILED_MESSAGE = 'Search failed';

export type SearchFailure = StreamFailure;

export interface SearchStreamHandlers {
  onStart(event: SearchStartEvent): void;
  onChunk(event: SearchChunkEvent): void;
  onEnd(event: SearchEndEvent): void;
  onError(failure: SearchFailure): void;
}

export type SearchStreamOptions = EventStreamOptions;

/**
 * Asks one question and reports the streamed answer through `handlers`. Resolves once the exchange is over, having
 * called exactly one of `onEnd` or `onError` — unless `signal` aborts, in which case it stops calling handlers at
 * once and resolves quietly, because the caller already knows. Never rejects (except when a handler throws).
 */
export async function streamSearch(
  request: SearchRequest,
  handlers: SearchStreamHandlers,
  signal?: AbortSignal,
  options: SearchStreamOptions = {},
): Promise<void> {
  const failure = await exchangeEventStream(
    {
      path: SEARCH_STREAM_PATH,
      body: request,
      signal,
      readFailure: (response) => readStreamRefusal(response, SEARCH_FAILED_MESSAGE),
      onMessage(message) {
        const decoded = decodeSearchEvent(message);
        if (decoded.outcome === 'unknown') return 'continue';
        if (decoded.outcome === 'invalid') {
          handlers.onError(invalidEvent);
          return 'stop';
        }

        const { event } = decoded;
        switch (event.type) {
          case 'start':
            handlers.onStart(event);
            return 'continue';
          case 'chunk':
            handlers.onChunk(event);
            return 'continue';
          case 'end':
            handlers.onEnd(event);
            return 'stop';
          case 'error':
            handlers.onError({ message: event.message || SEARCH_FAILED_MESSAGE, code: event.code, retryable: event.retryable });
            return 'stop';
        }
      },
    },
    options,
  );
  if (failure) handlers.onError(failure);
}
