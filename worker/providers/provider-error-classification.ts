import { RUN_FAILURES, type RunFailureCode } from '../../core/runs/index.ts';
import { ProviderError } from './answer-provider.ts';

/**
 * Shared by every adapter: HTTP status → failure code, and the retry hint a response carries. Each adapter's
 * `<name>-errors.ts` only extracts status, headers and vendor quirks from its SDK's error type.
 */
export function failureCodeForStatus(status: number): RunFailureCode {
  if (status === 429) return 'RATE_LIMIT_ERROR';
  if (status === 401 || status === 403) return 'PROVIDER_AUTH_ERROR';
  if (status === 408) return 'TIMEOUT_ERROR';
  if (status === 409 || status >= 500) return 'PROVIDER_ERROR';
  return 'PROVIDER_REJECTED';
}

/** 408, 409, 429 and 5xx are worth another try; other client errors will fail the same way again. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Reads `retry-after-ms` (OpenAI-style) or `retry-after` (seconds or an HTTP date). */
export function retryAfterMs(headers: Headers | Record<string, string | undefined> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const read = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]) ?? undefined;
  const milliseconds = Number(read('retry-after-ms'));
  if (Number.isFinite(milliseconds) && milliseconds >= 0 && read('retry-after-ms') !== undefined) return milliseconds;
  const value = read('retry-after');
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1_000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function providerErrorForStatus(
  status: number,
  options: { cause?: unknown; headers?: Headers | Record<string, string | undefined>; message?: string } = {},
): ProviderError {
  const code = failureCodeForStatus(status);
  const hint = retryAfterMs(options.headers);
  return new ProviderError(code, options.message ?? RUN_FAILURES[code].message, isRetryableStatus(status), {
    cause: options.cause,
    status,
    ...(hint === undefined ? {} : { retryAfterMs: hint }),
  });
}

export function providerError(code: RunFailureCode, cause?: unknown, message?: string): ProviderError {
  return new ProviderError(code, message ?? RUN_FAILURES[code].message, RUN_FAILURES[code].retryable, { cause });
}

/** fetch/undici failures while reading a body (socket reset, premature close) all mean "cut off". */
export function isConnectionCut(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const text = `${error.name} ${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`;
  return /terminated|socket|ECONNRESET|premature|other side closed|UND_ERR/i.test(text);
}
