import { ERROR_CODES, RETRYABLE_STATUSES } from './error-codes.ts';

/**
 * What the page says when a call fails before any server message could be read. Two layers word a timeout
 * differently on purpose: the HTTP client's own 30-second give-up ("Request timeout. Please try again.") and the
 * TIMEOUT_ERROR code a server or stream reports ("Request timed out. Please try again"); both wordings are the
 * product's, so each lives here once and the client imports it rather than restating it.
 */
export const HTTP_ERROR_TEXTS = {
  unauthorized: 'Session expired. Please refresh the page.',
  rateLimited: 'Rate limit exceeded. Please try again later.',
  serverError: ERROR_CODES.SERVER_ERROR.message,
  timeout: 'Request timeout. Please try again.',
  unexpected: 'An unexpected error occurred.',
  network: 'Connection failed. Please check your internet connection',
} as const;

/** The code a stream or request reports when no answer came in time, in its own wording. */
export const TIMED_OUT_TEXT = ERROR_CODES.TIMEOUT_ERROR.message;

/** The client's code for a call that reached no server; retryable like the statuses below. */
export const NETWORK_ERROR = { code: 'NETWORK_ERROR', message: HTTP_ERROR_TEXTS.network, retryable: true } as const;

/** Statuses after which the same call may succeed a moment later (the server's list, as a set for lookups). */
export const RETRYABLE_STATUS_SET: ReadonlySet<number> = new Set(RETRYABLE_STATUSES);
