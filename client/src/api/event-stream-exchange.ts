import { errorFromResponse, HTTP_ERROR_TEXTS } from './http-client.ts';
import { quorumFetch } from './anonymous-session.ts';
import { type ServerSentEvent, ServerSentEventParser } from './server-sent-events.ts';

/**
 * The transport both streaming endpoints share (`/api/search/stream`, `/api/compare/stream`): POST a JSON body, wait
 * a bounded time for the response headers, then read server-sent events until the caller has seen the last one.
 * Each endpoint only decides what its events mean and how a refusal reads.
 */

/** How long to wait for the response headers; once the stream is open, keep-alive comments keep it alive. */
export const RESPONSE_HEADERS_TIMEOUT_MS = 30_000;

export const STREAMING_ERROR_MESSAGE = 'Streaming error';
export const CONNECTION_FAILED_MESSAGE = 'Connection failed. Please check your internet connection';
export const TIMED_OUT_MESSAGE = 'Request timed out. Please try again';

export interface StreamFailure {
  message: string;
  /** The server's error code, or one of the client's own: `timeout`, `network_error`, `stream_interrupted`, `invalid_event`. */
  code: string;
  retryable: boolean;
}

export const streamInterrupted: StreamFailure = { message: STREAMING_ERROR_MESSAGE, code: 'stream_interrupted', retryable: true };
/** A known event whose data broke the contract: asking again would meet the same server, so it is not retryable. */
export const invalidEvent: StreamFailure = { message: STREAMING_ERROR_MESSAGE, code: 'invalid_event', retryable: false };

export interface EventStreamOptions {
  /** Replaces the global `fetch`, for tests. */
  fetch?: typeof fetch;
  responseHeadersTimeoutMs?: number;
}

export interface EventStreamExchange {
  path: string;
  body: unknown;
  signal?: AbortSignal | undefined;
  /** Turns a response that is not an event stream (the server's JSON refusal, a proxy's page) into the failure. */
  readFailure(response: Response): Promise<StreamFailure>;
  /** Each event, in order. Answers `stop` once the exchange is over and the caller has said so to its own caller. */
  onMessage(message: ServerSentEvent): 'continue' | 'stop';
}

function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');
}

/** Reads a failed response's body as JSON, or null when it is not JSON (a proxy error page, an empty body). */
export async function readJsonBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * A request the server refused instead of streaming, in spec section 8's words (401, 429, 5xx have their own texts;
 * otherwise the server's message). `fallback` ("Search failed", "Comparison failed") replaces the generic text when
 * the body carried no message, e.g. a proxy's error page.
 */
export async function readStreamRefusal(response: Response, fallback: string): Promise<StreamFailure> {
  const body = await readJsonBody(response);
  if (response.ok) return { message: fallback, code: 'not_event_stream', retryable: false };
  const error = errorFromResponse(response.status, body);
  return {
    message: error.message === HTTP_ERROR_TEXTS.unexpected ? fallback : error.message,
    code: error.code,
    retryable: error.retryable,
  };
}

/**
 * Runs one exchange. Resolves with the failure the caller must report, or null when there is nothing more to say:
 * `onMessage` stopped it, or `signal` aborted (the caller already knows, so no failure and no more events after the
 * abort). Never rejects, unless `onMessage` or `readFailure` throws.
 */
export async function exchangeEventStream(exchange: EventStreamExchange, options: EventStreamOptions = {}): Promise<StreamFailure | null> {
  const { signal } = exchange;
  const fetchResponse = options.fetch ?? quorumFetch;
  const headersTimeout = new AbortController();
  const timer = setTimeout(() => headersTimeout.abort(), options.responseHeadersTimeoutMs ?? RESPONSE_HEADERS_TIMEOUT_MS);
  const requestSignal = signal ? AbortSignal.any([signal, headersTimeout.signal]) : headersTimeout.signal;
  const isCancelled = (): boolean => signal?.aborted === true;

  let response: Response;
  try {
    response = await fetchResponse(exchange.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(exchange.body),
      signal: requestSignal,
    });
  } catch {
    if (isCancelled()) return null;
    return headersTimeout.signal.aborted
      ? { message: TIMED_OUT_MESSAGE, code: 'timeout', retryable: true }
      : { message: CONNECTION_FAILED_MESSAGE, code: 'network_error', retryable: true };
  } finally {
    // The timeout guards only the wait for headers; the stream itself may legitimately run for minutes.
    clearTimeout(timer);
  }

  if (!isEventStream(response) || !response.ok) {
    const failure = await exchange.readFailure(response);
    return isCancelled() ? null : failure;
  }
  if (!response.body) return isCancelled() ? null : streamInterrupted;

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new ServerSentEventParser();
  const stopReading = (): void => {
    // Closes the connection; for a search the server notices and stops generating. Errors here are of no interest.
    reader.cancel().catch(() => undefined);
  };

  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // Aborted by the caller, or the connection dropped mid-answer.
      return isCancelled() ? null : streamInterrupted;
    }
    if (isCancelled()) {
      stopReading();
      return null;
    }

    // `stream: true` keeps a multi-byte character that straddles two chunks intact.
    const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
    for (const message of parser.push(text)) {
      if (exchange.onMessage(message) === 'stop') {
        stopReading();
        return null;
      }
      // A handler may have aborted the request (the user left or started over); stop reporting at once.
      if (isCancelled()) {
        stopReading();
        return null;
      }
    }

    // The server closed the stream without saying how the exchange ended.
    if (chunk.done) return streamInterrupted;
  }
}
