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
  if (error instanceof Error && error.name === 'AbortError') return providerError('TIMEOUT_ERROR', error);
  if (isConnectionCut(error)) return providerError('STREAM_INTERRUPTED', error);
  return providerError('PROVIDER_ERROR', error, `${vendor} failed to answer. Please try again.`);
}
