import { HTTP_ERROR_TEXTS, RETRYABLE_STATUS_SET } from '../../../contract/client-error-texts.ts';
import { readEnvelopeData, readEnvelopeError } from './api-envelope.ts';
import { quorumFetch } from './anonymous-session.ts';

/** Spec section 7: every call gives up after 30 seconds. */
export const HTTP_TIMEOUT_MS = 30_000;

/** The page's texts for a call that failed before a server message could be read: the contract's, not restated. */
export { HTTP_ERROR_TEXTS };

/** A failed call, in the words the page shows and with what the page needs to decide on a retry. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** The HTTP status, or null when no response arrived (network failure, timeout). */
    readonly status: number | null,
    readonly retryable: boolean,
    /** The envelope's `data` on failure: some answers carry details there (login's `requiresVerification`). */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Show the server's own message for 401, 429 and 5xx too. Auth calls use it: a wrong password is a 401 whose
   * message ("Invalid email or password") matters more than the generic "Session expired".
   */
  preferServerMessage?: boolean;
}

function codeForStatus(status: number): string {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 429) return 'RATE_LIMIT_ERROR';
  if (status >= 500) return 'SERVER_ERROR';
  return `HTTP_${status}`;
}

/** Spec section 8's mapping from a failed response to the error the page shows. */
export function errorFromResponse(status: number, body: unknown, preferServerMessage = false): ApiError {
  const envelopeError = readEnvelopeError(body);
  const data = readEnvelopeData(body);
  const code = envelopeError?.code || codeForStatus(status);
  const retryable = RETRYABLE_STATUS_SET.has(status);
  if (preferServerMessage && envelopeError) return new ApiError(envelopeError.message, code, status, retryable, data);
  if (status === 401) return new ApiError(HTTP_ERROR_TEXTS.unauthorized, code, status, retryable, data);
  if (status === 429) return new ApiError(HTTP_ERROR_TEXTS.rateLimited, code, status, retryable, data);
  if (status >= 500) return new ApiError(HTTP_ERROR_TEXTS.serverError, code, status, retryable, data);
  return new ApiError(envelopeError?.message ?? HTTP_ERROR_TEXTS.unexpected, code, status, retryable, data);
}

export const timeoutError = (): ApiError => new ApiError(HTTP_ERROR_TEXTS.timeout, 'TIMEOUT_ERROR', null, true);
export const networkError = (): ApiError => new ApiError(HTTP_ERROR_TEXTS.network, 'NETWORK_ERROR', null, true);

/**
 * Calls Quorum's JSON API and returns the envelope's `data`. Rejects with an `ApiError` carrying the product's
 * wording; an abort through `signal` rejects with the abort's own reason so callers can tell it apart.
 */
export async function apiCall<T>(path: string, options: ApiCallOptions = {}): Promise<T> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    let response: Response;
    let body: unknown = null;
    try {
      response = await quorumFetch(path, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? null : JSON.stringify(options.body),
        signal,
        credentials: 'same-origin',
      });
      body = await response.json().catch(() => null);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw timeout.signal.aborted ? timeoutError() : networkError();
    }
    if (!response.ok || (typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false)) {
      throw errorFromResponse(response.ok ? 400 : response.status, body, options.preferServerMessage);
    }
    return (readEnvelopeData(body) ?? {}) as T;
  } finally {
    clearTimeout(timer);
  }
}

/** The message to show for any thrown value, with a fallback for the unexpected. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
