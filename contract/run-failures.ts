/**
 * Why a run can fail, in words a user can act on (a stopped run's code is `CANCELLED`). The code travels in the `error` event and is stored on the run;
 * `retryable` decides whether the page offers Try Again.
 */
export const RUN_FAILURES = {
  RATE_LIMIT_ERROR: {
    message: 'The model provider is busy right now. Please try again in a moment.',
    retryable: true,
  },
  PROVIDER_ERROR: { message: 'The model provider had a problem answering. Please try again.', retryable: true },
  PROVIDER_AUTH_ERROR: {
    message: 'The model provider refused our credentials. Please contact support.',
    retryable: false,
  },
  PROVIDER_REJECTED: { message: 'The model provider could not answer this request.', retryable: false },
  TIMEOUT_ERROR: { message: 'The model took too long to answer. Please try again.', retryable: true },
  STREAM_INTERRUPTED: {
    message: 'The answer was cut off before it finished. Please try again.',
    retryable: true,
  },
  WORKER_LOST: { message: 'The model stopped responding. Please try again.', retryable: true },
  WORKER_SHUTDOWN: { message: 'The answer was interrupted by maintenance. Please try again.', retryable: true },
  QUEUE_TIMEOUT: {
    message: 'No answer worker is available right now. Please try again shortly.',
    retryable: true,
  },
  SERVICE_UNAVAILABLE: { message: 'Service temporarily unavailable. Please try again later.', retryable: true },
  CANCELLED: { message: 'Stopped.', retryable: false },
  /** The server streaming the answer is shutting down; the answer itself goes on and is saved. */
  SERVER_RESTARTING: {
    message: 'The server is restarting. Your answer is still being saved; please try again in a moment.',
    retryable: true,
  },
  INTERNAL_ERROR: { message: 'Something went wrong while answering. Please try again.', retryable: true },
} as const satisfies Record<string, { message: string; retryable: boolean }>;

export type RunFailureCode = keyof typeof RUN_FAILURES;
