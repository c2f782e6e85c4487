import { quorumFetch } from '../api/anonymous-session.ts';
import { errorFromResponse, HTTP_ERROR_TEXTS } from '../api/http-client.ts';
import { type ServerSentEvent, ServerSentEventParser } from '../api/server-sent-events.ts';
import { connectionFailed, streamInterrupted, streamNotSupported, timedOut, type StreamFailure } from './stream-failure.ts';

/** How long to wait for the response headers; once the stream is open, keep-alive comments keep it alive. */
export const RESPONSE_HEADERS_TIMEOUT_MS = 30_000;

export interface EventStreamOptions {
  /** Replaces the global `fetch`, for tests. */
  fetch?: typeof fetch;
  responseHeadersTimeoutMs?: number;
}

/** An opened stream: its events in order, then how it ended (null when the caller's signal aborted it). */
export interface OpenedEventStream {
  events: AsyncIterable<ServerSentEvent>;
  /** Read once `events` is exhausted: a stream that simply closed ends `stream_interrupted`. */
  outcome(): StreamFailure | null;
  close(): void;
}

/**
 * A request the server refused instead of streaming (401, 429, 5xx have their own texts; otherwise the server's
 * message, or `fallback` when the body had none).
 */
export async function readStreamRefusal(response: Response, fallback: string): Promise<StreamFailure> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy's error page or an empty body: the fallback speaks for it.
  }
  if (response.ok) return { message: fallback, code: 'not_event_stream', retryable: false };
  const error = errorFromResponse(response.status, body);
  return { message: error.message === HTTP_ERROR_TEXTS.unexpected ? fallback : error.message, code: error.code, retryable: error.retryable };
}

function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');
}

/**
 * POSTs a JSON body to a streaming endpoint and waits a bounded time for the headers. Resolves with the opened
 * stream, or with the failure to report (a refusal, a timeout, no network), or null when `signal` aborted first.
 * We read the body ourselves rather than use `EventSource`, which can only send GET requests without a body.
 */
export async function openEventStream(
  path: string,
  body: unknown,
  refusalFallback: string,
  signal: AbortSignal,
  options: EventStreamOptions = {},
): Promise<OpenedEventStream | StreamFailure | null> {
  const headersTimeout = new AbortController();
  const timer = setTimeout(() => headersTimeout.abort(), options.responseHeadersTimeoutMs ?? RESPONSE_HEADERS_TIMEOUT_MS);
  let response: Response;
  try {
    response = await (options.fetch ?? quorumFetch)(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal: AbortSignal.any([signal, headersTimeout.signal]),
    });
  } catch {
    if (signal.aborted) return null;
    return headersTimeout.signal.aborted ? timedOut : connectionFailed;
  } finally {
    // The timeout guards only the wait for headers; the stream itself may legitimately run for minutes.
    clearTimeout(timer);
  }
  if (!isEventStream(response) || !response.ok) {
    const failure = await readStreamRefusal(response, refusalFallback);
    return signal.aborted ? null : failure;
  }
  // A browser that cannot hand over the body as a stream cannot show an answer as it arrives.
  if (!response.body) return signal.aborted ? null : streamNotSupported;
  return readEvents(response.body, signal);
}

function readEvents(body: ReadableStream<Uint8Array>, signal: AbortSignal): OpenedEventStream {
  const reader = body.getReader();
  let outcome: StreamFailure | null = streamInterrupted;
  // Closing the connection tells the server nobody listens any more; errors while closing are of no interest.
  const close = (): void => void reader.cancel().catch(() => undefined);
  async function* events(): AsyncGenerator<ServerSentEvent> {
    const decoder = new TextDecoder();
    const parser = new ServerSentEventParser();
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch {
          // Aborted by the caller, or the connection dropped mid-answer.
          break;
        }
        if (signal.aborted) break;
        // `stream: true` keeps a multi-byte character that straddles two chunks intact.
        yield* parser.push(chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true }));
        if (chunk.done) break;
      }
    } finally {
      if (signal.aborted) outcome = null;
      close();
    }
  }
  return { events: events(), outcome: () => outcome, close };
}
