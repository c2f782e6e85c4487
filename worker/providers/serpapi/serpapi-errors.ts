import { RUN_FAILURES } from '../../../core/runs/index.ts';
import { ProviderError } from '../answer-provider.ts';
import { isConnectionCut, providerError, providerErrorForStatus } from '../provider-error-classification.ts';

/**
 * Maps what went wrong talking to SerpApi onto our failure codes. Pure, so every branch is tested without a
 * network. SerpApi reports errors as `{"error": "…"}` with a conventional HTTP status (401 bad key, 429 throughput
 * limit or no searches left, 5xx its own trouble).
 */

/** Shown to the user as is; the product charges nothing for a search that had no overview. */
export const NO_AI_OVERVIEW_MESSAGE = 'No AI Overview available';

export function noAiOverviewError(reason?: string): ProviderError {
  return new ProviderError('PROVIDER_REJECTED', NO_AI_OVERVIEW_MESSAGE, false, {
    ...(reason === undefined ? {} : { cause: new Error(`SerpApi: ${reason}`) }),
  });
}

/** The `error` text of a SerpApi body, if it has one. */
export function serpApiErrorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const error = (body as Record<string, unknown>)['error'];
  return typeof error === 'string' && error.trim() !== '' ? error.trim() : undefined;
}

/** A non-2xx answer from SerpApi; `body` is its parsed JSON, or undefined when it was not JSON. */
export function classifySerpApiStatus(status: number, headers: Headers, body: unknown): ProviderError {
  const text = serpApiErrorText(body);
  const cause = new Error(`SerpApi answered ${status}${text ? `: ${text}` : ''}`);
  const classified = providerErrorForStatus(status, { cause, headers });
  // SerpApi also answers 429 when the plan's monthly searches are used up; that lasts until the plan renews, so
  // trying again in a few seconds only repeats the refusal.
  if (status === 429 && text !== undefined && /run out of searches/i.test(text)) {
    return new ProviderError('RATE_LIMIT_ERROR', RUN_FAILURES.RATE_LIMIT_ERROR.message, false, { cause, status });
  }
  return classified;
}

/**
 * Anything thrown while calling SerpApi. `aborted` says the caller's signal was aborted (its reason can be any
 * value, so the error alone cannot tell); like a timeout, that means the answer took too long.
 */
export function classifySerpApiError(error: unknown, context: { aborted: boolean }): ProviderError {
  if (error instanceof ProviderError) return error;
  if (context.aborted) return providerError('TIMEOUT_ERROR', error);
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return providerError('TIMEOUT_ERROR', error);
  }
  if (isConnectionCut(error)) return providerError('STREAM_INTERRUPTED', error);
  return providerError('PROVIDER_ERROR', error, 'Google AI Overview failed to answer. Please try again.');
}
