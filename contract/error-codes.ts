import { EMAIL_NOT_VERIFIED_TEXT, RETRYABLE_STATUSES, SERVER_ERROR_TEXT, TIMED_OUT_TEXT } from './client-error-texts.ts';

/**
 * The error codes a call can answer with, their HTTP status, default wording and whether trying again can help.
 * A 4xx message reaches the user as written; a 5xx is always this wording (internals never leak).
 */
export const ERROR_CODES = {
  VALIDATION_ERROR: { status: 400, message: 'Invalid input. Please check your data', retryable: false },
  UNAUTHORIZED: { status: 401, message: 'Session expired', retryable: false },
  INVALID_API_KEY: { status: 401, message: 'This API key is not valid or has been revoked.', retryable: false },
  INSUFFICIENT_CREDITS: { status: 402, message: 'Insufficient credits. Please add more credits to continue.', retryable: false },
  API_KEY_CREDIT_CAP: { status: 402, message: "This API key has reached its monthly credit cap.", retryable: false },
  FORBIDDEN: { status: 403, message: 'You do not have access to this feature.', retryable: false },
  EMAIL_NOT_VERIFIED: { status: 403, message: EMAIL_NOT_VERIFIED_TEXT, retryable: false },
  NOT_FOUND: { status: 404, message: 'Not found', retryable: false },
  /**
   * A feature this server was not set up for (Google sign-in without a client id): a 4xx, because it is not a
   * fault and asking again will not help; a 503 would invite retries and count as an outage.
   */
  NOT_AVAILABLE: { status: 404, message: 'This feature is not available on this server.', retryable: false },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.', retryable: false },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON.', retryable: false },
  PAYMENT_FAILED: { status: 402, message: 'Payment failed', retryable: false },
  PAYMENT_NOT_FOUND: { status: 404, message: 'Payment record not found. If you were charged, please contact support.', retryable: false },
  PAYMENT_ALREADY_PROCESSED: { status: 409, message: 'This payment was already processed successfully. Refresh the page to see your credits.', retryable: false },
  PAYMENT_PROCESSING: { status: 409, message: 'Your payment is still processing. Please wait a moment and try again.', retryable: true },
  ARENA_ALREADY_VOTED: { status: 409, message: 'This round has already been voted on.', retryable: false },
  ARENA_STILL_ANSWERING: { status: 409, message: 'Wait until every answer has finished before voting.', retryable: true },
  RATE_LIMIT_ERROR: { status: 429, message: 'Too many requests. Please wait a moment and try again', retryable: true },
  SERVER_ERROR: { status: 500, message: SERVER_ERROR_TEXT, retryable: true },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service temporarily unavailable. Please try again later.', retryable: true },
  PAYMENT_UNAVAILABLE: { status: 503, message: 'Payment processing is temporarily unavailable. Please try again later.', retryable: true },
  TIMEOUT_ERROR: { status: 504, message: TIMED_OUT_TEXT, retryable: true },
} as const satisfies Record<string, { status: number; message: string; retryable: boolean }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export { RETRYABLE_STATUSES };
