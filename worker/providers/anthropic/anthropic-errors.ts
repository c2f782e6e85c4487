import Anthropic from '@anthropic-ai/sdk';
import { RUN_FAILURES } from '../../../core/runs/index.ts';
import { ProviderError } from '../answer-provider.ts';
import {
  failureCodeForStatus,
  isConnectionCut,
  isRetryableStatus,
  providerError,
  providerErrorForStatus,
} from '../provider-error-classification.ts';

/**
 * The HTTP status each Anthropic error type is sent with. An `event: error` inside a 200 stream carries only the
 * type, so the type is what says whether trying again could help (an in-stream `overloaded_error` is a 529).
 */
const statusByErrorType: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  conflict_error: 409,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

export function statusForAnthropicErrorType(type: string | null | undefined): number | undefined {
  return type ? statusByErrorType[type] : undefined;
}

/**
 * Maps whatever the Anthropic SDK threw onto our failure codes. Pure, so every branch is tested without a network.
 * The vendor's own message never reaches users: the codes' messages are written for them.
 */
export function classifyAnthropicError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof Anthropic.APIConnectionTimeoutError) return providerError('TIMEOUT_ERROR', error);
  if (error instanceof Anthropic.APIUserAbortError) return providerError('TIMEOUT_ERROR', error);
  if (error instanceof Anthropic.APIConnectionError) return providerError('STREAM_INTERRUPTED', error);
  if (error instanceof Anthropic.APIError) {
    if (typeof error.status === 'number') return providerErrorForStatus(error.status, { cause: error, headers: error.headers });
    // No status: the error arrived as an event in a stream whose 200 had already gone out.
    const status = statusForAnthropicErrorType(error.type);
    if (status !== undefined) {
      const code = failureCodeForStatus(status);
      return new ProviderError(code, RUN_FAILURES[code].message, isRetryableStatus(status), { cause: error });
    }
  }
  if (error instanceof Error && error.name === 'AbortError') return providerError('TIMEOUT_ERROR', error);
  if (isConnectionCut(error)) return providerError('STREAM_INTERRUPTED', error);
  return providerError('PROVIDER_ERROR', error, 'Anthropic failed to answer. Please try again.');
}
