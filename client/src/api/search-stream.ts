import { readEnvelopeError } from './api-envelope.ts';
import {
  decodeSearchEvent,
  type SearchChunkEvent,
  type SearchEndEvent,
  type SearchRequest,
  type SearchStartEvent,
} from './search-contract.ts';
import { ServerSentEventParser } from './server-sent-events.ts';
import { quorumFetch } from './anonymous-session.ts';

export const SEARCH_STREAM_PATH = '/api/search/stream';
/** How long to wait for the response headers; once the stream is open, keep-alive comments keep it alive. */
export const RESPONSE_HEADERS_TIMEOUT_MS = 30_000;

export const SEARCH_FAILED_MESSAGE = 'Search failed';
export const STREAMING_ERROR_MESSAGE = 'Streaming error';
export const CONNECTION_FAILED_MESSAGE = 'Connection failed. Please check your internet connection';
export const TIMED_OUT_MESSAGE = 'Request timed out. Please try again';

export interface SearchFailure {
  message: string;
  /** The server's error code, or one of the client's own: `timeout`, `network_error`, `stream_interrupted`. */
  code: string;
  retryable: boolean;
}

export interface SearchStreamHandlers {
  onStart(event: SearchStartEvent): void;
  onChunk(event: SearchChunkEvent): void;
  onEnd(event: SearchEndEvent): void;
  onError(failure: SearchFailure): void;
}

export interface SearchStreamOptions {
  /** Replaces the global `fetch`, for tests. */
  fetch?: typeof fetch;
  responseHeadersTimeoutMs?: number;
}

// Statuses where the same request may well succeed a moment later.
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 425, 429, 500, 502, 503, 504]);

function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');
}

/** A response that is not an event stream is the server's JSON error envelope (or something that failed worse). */
async function readFailureResponse(response: Response): Promise<SearchFailure> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: a proxy error page or an empty body. The generic message is the best we can say.
  }
  const error = readEnvelopeError(body);
  return {
    message: error?.message ?? SEARCH_FAILED_MESSAGE,
    code: error?.code || `http_${response.status}`,
    retryable: RETRYABLE_STATUSES.has(response.status),
  };
}

const streamInterrupted: SearchFailure = { message: STREAMING_ERROR_MESSAGE, code: 'stream_interrupted', retryable: true };

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
  const fetchResponse = options.fetch ?? quorumFetch;
  const headersTimeout = new AbortController();
  const timer = setTimeout(() => headersTimeout.abort(), options.responseHeadersTimeoutMs ?? RESPONSE_HEADERS_TIMEOUT_MS);
  const requestSignal = signal ? AbortSignal.any([signal, headersTimeout.signal]) : headersTimeout.signal;
  const isCancelled = (): boolean => signal?.aborted === true;

  let response: Response;
  try {
    response = await fetchResponse(SEARCH_STREAM_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(request),
      signal: requestSignal,
    });
  } catch {
    if (isCancelled()) return;
    handlers.onError(
      headersTimeout.signal.aborted
        ? { message: TIMED_OUT_MESSAGE, code: 'timeout', retryable: true }
        : { message: CONNECTION_FAILED_MESSAGE, code: 'network_error', retryable: true },
    );
    return;
  } finally {
    // The timeout guards only the wait for headers; the stream itself may legitimately run for minutes.
    clearTimeout(timer);
  }

  if (!isEventStream(response) || !response.ok) {
    const failure = await readFailureResponse(response);
    if (!isCancelled()) handlers.onError(failure);
    return;
  }
  if (!response.body) {
    if (!isCancelled()) handlers.onError(streamInterrupted);
    return;
  }

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new ServerSentEventParser();
  const stopReading = (): void => {
    // Closes the connection; the server notices and stops generating. Errors here are of no interest.
    reader.cancel().catch(() => undefined);
  };

  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // Aborted by the caller, or the connection dropped mid-answer.
      if (!isCancelled()) handlers.onError(streamInterrupted);
      return;
    }
    if (isCancelled()) {
      stopReading();
      return;
    }

    // `stream: true` keeps a multi-byte character that straddles two chunks intact.
    const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
    for (const message of parser.push(text)) {
      const decoded = decodeSearchEvent(message);
      if (decoded.outcome === 'unknown') continue;
      if (decoded.outcome === 'invalid') {
        stopReading();
        handlers.onError({ ...streamInterrupted, code: 'invalid_event', retryable: false });
        return;
      }

      const { event } = decoded;
      switch (event.type) {
        case 'start':
          handlers.onStart(event);
          break;
        case 'chunk':
          handlers.onChunk(event);
          break;
        case 'end':
          stopReading();
          handlers.onEnd(event);
          return;
        case 'error':
          stopReading();
          handlers.onError({
            message: event.message || SEARCH_FAILED_MESSAGE,
            code: event.code,
            retryable: event.retryable,
          });
          return;
      }
      // A handler may have aborted the request (the user left or started over); stop reporting at once.
      if (isCancelled()) {
        stopReading();
        return;
      }
    }

    if (chunk.done) {
      // The server closed the stream without saying how the answer ended.
      handlers.onError(streamInterrupted);
      return;
    }
  }
}
