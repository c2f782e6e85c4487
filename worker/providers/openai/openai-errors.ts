import OpenAI from 'openai';
import type { ProviderError } from '../answer-provider.ts';
import { isConnectionCut, providerError, providerErrorForStatus } from '../provider-error-classification.ts';

/**
 * Maps whatever the OpenAI SDK (or an OpenAI-compatible vendor through it) threw onto our failure codes. Pure, so
 * every branch is tested without a network.
 */
export function classifyOpenAiError(error: unknown, vendor: string): ProviderError {
  if (error instanceof Error && error.name === 'ProviderError') return error as ProviderError;
  if (error instanceof OpenAI.APIConnectionTimeoutError) return providerError('TIMEOUT_ERROR', error);
  if (error instanceof OpenAI.APIUserAbortError) return providerError('TIMEOUT_ERROR', error);
  if (error instanceof OpenAI.APIConnectionError) return providerError('STREAM_INTERRUPTED', error);
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    return providerErrorForStatus(error.status, { cause: error, headers: error.headers });
  }
  // An error sent inside a 200 stream (an `error` event, or a chunk with an `error` field) has a code but no status.
  if (error instanceof OpenAI.APIError && (error.code || error.type)) {
    return classifyStreamedFailure(error.code ?? error.type, error, vendor);
  }
  if (error instanceof Error && error.name === 'AbortError') return providerError('TIMEOUT_ERROR', error);
  if (isConnectionCut(error)) return providerError('STREAM_INTERRUPTED', error);
  return providerError('PROVIDER_ERROR', error, `${vendor} failed to answer. Please try again.`);
}

/** Codes for requests the provider will refuse again however often they are sent (bad input, policy, images). */
const rejectionCodes = /^(invalid_|image_|unsupported_|empty_|failed_to_download|bio_policy|misalignment_policy|data_residency|context_length|content_policy|content_filter)/;

/**
 * Maps the `code` of a failure reported after the stream started (a `response.failed` event's `response.error`, an
 * `error` event) onto our codes. The HTTP status was already 200 by then, so the code is all there is to go on.
 */
export function classifyStreamedFailure(code: string | null | undefined, cause: unknown, vendor: string): ProviderError {
  if (code === 'rate_limit_exceeded' || code === 'insufficient_quota') return providerError('RATE_LIMIT_ERROR', cause);
  if (code === 'vector_store_timeout' || code === 'timeout') return providerError('TIMEOUT_ERROR', cause);
  if (code && rejectionCodes.test(code)) return providerError('PROVIDER_REJECTED', cause);
  if (code === 'server_error' || code === 'internal_error' || code === 'server_is_overloaded') return providerError('PROVIDER_ERROR', cause);
  return providerError('PROVIDER_ERROR', cause, `${vendor} failed to answer. Please try again.`);
}
