/**
 * The error codes of the spec's catalogue (section 8) plus the few the server needs beyond it. The message of a
 * 4xx reaches the user as written; a 5xx is always masked.
 */
export const ERROR_CODES = {
  VALIDATION_ERROR: { status: 400, message: 'Invalid input. Please check your data' },
  UNAUTHORIZED: { status: 401, message: 'Session expired' },
  INSUFFICIENT_CREDITS: { status: 402, message: 'Insufficient credits. Please add more credits to continue.' },
  FORBIDDEN: { status: 403, message: 'You do not have access to this feature.' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Please verify your email before logging in' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON.' },
  RATE_LIMIT_ERROR: { status: 429, message: 'Too many requests. Please wait a moment and try again' },
  SERVER_ERROR: { status: 500, message: 'Server error. Please try again later.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service temporarily unavailable. Please try again later.' },
  TIMEOUT_ERROR: { status: 504, message: 'Request timed out. Please try again' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  readonly statusCode: number;
  /** Sent as the envelope's `data` (e.g. `requiresVerification` on a refused login); null otherwise. */
  readonly data: unknown;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CODES[code].message,
    options?: { cause?: unknown; data?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.statusCode = ERROR_CODES[code].status;
    this.data = options?.data ?? null;
  }
}
