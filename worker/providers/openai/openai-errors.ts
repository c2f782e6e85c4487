import OpenAI from 'openai';
import { RUN_FAILURES, type RunFailureCode } from '../../../core/runs/run-failures.ts';
import { ProviderError } from '../answer-provider.ts';

/**
 * Maps whatever the OpenAI SDK (or an OpenAI-compatible vendor through it) threw onto our failure codes. Pure, so
 * every branch is tested without a network.
 */
export function classifyOpenAiError(error: unknown, vendor: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const make = (code: RunFailureCode, status?: number) =>
    new ProviderError(code, RUN_FAILURES[code].message, RUN_FAILURES[code].retryable, {
      cause: error,
      ...(status === undefined ? {} : { status }),
    });

  if (error instanceof OpenAI.APIConnectionTimeoutError) return make('TIMEOUT_ERROR');
  if (error instanceof OpenAI.APIUserAbortError) return make('TIMEOUT_ERROR');
  if (error instanceof OpenAI.APIConnectionError) return make('STREAM_INTERRUPTED');
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    const status = error.status;
    if (status === 429) return make('RATE_LIMIT_ERROR', status);
    if (status === 401 || status === 403) return make('PROVIDER_AUTH_ERROR', status);
    if (status === 408) return make('TIMEOUT_ERROR', status);
    if (status >= 500) return make('PROVIDER_ERROR', status);
    return make('PROVIDER_REJECTED', status);
  }
  if (error instanceof Error && error.name === 'AbortError') return make('TIMEOUT_ERROR');
  // A body that ends without `[DONE]`, or a socket reset while reading it, surfaces as a plain error from fetch.
  if (error instanceof Error && /terminated|socket|ECONNRESET|premature|aborted/i.test(`${error.message} ${String(error.cause ?? '')}`)) {
    return make('STREAM_INTERRUPTED');
  }
  const unknown = make('PROVIDER_ERROR');
  unknown.message = `${vendor} failed: ${RUN_FAILURES.PROVIDER_ERROR.message}`;
  return unknown;
}
