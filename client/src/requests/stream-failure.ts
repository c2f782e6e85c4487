import { errorFromResponse, HTTP_ERROR_TEXTS } from '../api/http-client.ts';

/** Why a request (or one run of it) could not be followed to its end, in the words the page shows. */
export interface StreamFailure {
  message: string;
  /** The server's error code, or one of the client's own: `timeout`, `network_error`, `stream_interrupted`, `invalid_frame`. */
  code: string;
  retryable: boolean;
}

export const STREAMING_ERROR_MESSAGE = 'Streaming error';
export const CONNECTION_FAILED_MESSAGE = 'Connection failed. Please check your internet connection';
export const TIMED_OUT_MESSAGE = 'Request timed out. Please try again';
/** What a refusal says when its body carried no message (a proxy's page), by kind of request. */
export const REFUSAL_FALLBACK = { single: 'Search failed', comparison: 'Comparison failed' } as const;

export const streamInterrupted: StreamFailure = { message: STREAMING_ERROR_MESSAGE, code: 'stream_interrupted', retryable: true };
/** A frame that broke the contract: asking again would meet the same server, so it is not retryable. */
export const invalidFrame: StreamFailure = { message: STREAMING_ERROR_MESSAGE, code: 'invalid_frame', retryable: false };
export const connectionFailed: StreamFailure = { message: CONNECTION_FAILED_MESSAGE, code: 'network_error', retryable: true };
export const timedOut: StreamFailure = { message: TIMED_OUT_MESSAGE, code: 'timeout', retryable: true };

/** The code of a run the person stopped: it ends like a failure but is nobody's fault and costs nothing. */
export const CANCELLED_CODE = 'CANCELLED';

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
