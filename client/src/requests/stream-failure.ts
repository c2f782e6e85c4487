import { HTTP_ERROR_TEXTS, TIMED_OUT_TEXT } from '../../../contract/client-error-texts.ts';
import { STREAMING_ERROR_MESSAGE } from './run-outcome-text.ts';

/** Why a request (or one run of it) could not be followed to its end, in the words the page shows. */
export interface StreamFailure {
  message: string;
  /** The server's error code, or one of the client's own: `timeout`, `network_error`, `stream_interrupted`, `invalid_frame`. */
  code: string;
  retryable: boolean;
}

export const CONNECTION_FAILED_MESSAGE = HTTP_ERROR_TEXTS.network;
export const TIMED_OUT_MESSAGE = TIMED_OUT_TEXT;
/** What a refusal says when its body carried no message (a proxy's page), by kind of request. */
export const REFUSAL_FALLBACK = { single: 'Search failed', comparison: 'Comparison failed', arena: 'The arena round failed' } as const;

/** Spec wording for a browser that hands the page no readable response body to stream from. */
export const STREAM_NOT_SUPPORTED_MESSAGE = 'Stream not supported';
export const streamNotSupported: StreamFailure = { message: STREAM_NOT_SUPPORTED_MESSAGE, code: 'stream_not_supported', retryable: false };
export const streamInterrupted: StreamFailure = { message: STREAMING_ERROR_MESSAGE, code: 'stream_interrupted', retryable: true };
/** A frame that broke the contract: asking again would meet the same server, so it is not retryable. */
export const invalidFrame: StreamFailure = { message: STREAMING_ERROR_MESSAGE, code: 'invalid_frame', retryable: false };
export const connectionFailed: StreamFailure = { message: CONNECTION_FAILED_MESSAGE, code: 'network_error', retryable: true };
export const timedOut: StreamFailure = { message: TIMED_OUT_MESSAGE, code: 'timeout', retryable: true };
