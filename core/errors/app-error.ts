import { ERROR_CODES, type ErrorCode } from '../../contract/error-codes.ts';

/** A refusal in the envelope: the contract's code, its HTTP status, and a message the user can read. */
export { ERROR_CODES, type ErrorCode };

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
