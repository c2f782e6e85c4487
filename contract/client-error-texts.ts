/**
 * What the page says when a call fails before any server message could be read, and the server's wordings the page
 * also shows on its own. Kept apart from `error-codes.ts` (which takes these from here) so the first paint carries
 * these few sentences and not the whole table of codes. Two layers word a timeout differently on purpose: the HTTP
 * client's own 30-second give-up ("Request timeout. Please try again.") and the TIMEOUT_ERROR code a server or stream
 * reports ("Request timed out. Please try again"); both are the product's wording.
 */
export const SERVER_ERROR_TEXT = 'Server error. Please try again later.';
export const TIMED_OUT_TEXT = 'Request timed out. Please try again';
export const EMAIL_NOT_VERIFIED_TEXT = 'Please verify your email before logging in';

export const HTTP_ERROR_TEXTS = {
  unauthorized: 'Session expired. Please refresh the page.',
  rateLimited: 'Rate limit exceeded. Please try again later.',
  serverError: SERVER_ERROR_TEXT,
  timeout: 'Request timeout. Please try again.',
  unexpected: 'An unexpected error occurred.',
  network: 'Connection failed. Please check your internet connection',
} as const;

/** The client's code for a call that reached no server; retryable like the statuses below. */
export const NETWORK_ERROR = { code: 'NETWORK_ERROR', message: HTTP_ERROR_TEXTS.network, retryable: true } as const;

/** The statuses after which the same call may succeed if tried again. */
export const RETRYABLE_STATUSES: readonly number[] = [408, 429, 500, 502, 503, 504];
export const RETRYABLE_STATUS_SET: ReadonlySet<number> = new Set(RETRYABLE_STATUSES);
