import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { SimulatedFailureStatus } from '../scripted-directives.ts';
import { sendBody } from '../simulated-exchange.ts';
import type { StatusRejection } from '../simulated-request-pipeline.ts';

/**
 * Anthropic's error shape: `{"type":"error","error":{"type":…,"message":…},"request_id":…}` with the same id in a
 * `request-id` header. The SDK reads `error.type` to classify errors, in HTTP bodies and in `event: error` alike.
 */
export type AnthropicErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'request_too_large'
  | 'rate_limit_error'
  | 'api_error'
  | 'overloaded_error';

export interface AnthropicErrorDetails {
  type: AnthropicErrorType;
  message: string;
}

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  return [...randomBytes(length)].map((byte) => base62[byte % base62.length]).join('');
}

/** Real request ids look like `req_011CXs6hk18SX5aBxD3jchRc`. */
export function createAnthropicRequestId(): string {
  return `req_011C${randomBase62(20)}`;
}

export function sendAnthropicJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendBody(response, status, 'application/json', JSON.stringify(body), headers);
}

export type AnthropicRejection = StatusRejection<AnthropicErrorDetails>;

export function sendAnthropicError(response: ServerResponse, rejection: AnthropicRejection): void {
  const requestId = createAnthropicRequestId();
  const body = { type: 'error', error: rejection.details, request_id: requestId };
  sendAnthropicJson(response, rejection.status, body, { 'request-id': requestId, ...rejection.headers });
}

export function invalidRequest(message: string): AnthropicErrorDetails {
  return { type: 'invalid_request_error', message };
}

export const invalidApiKeyError: AnthropicErrorDetails = { type: 'authentication_error', message: 'invalid x-api-key' };

/**
 * The error a `status=` directive produces. Anthropic itself signals overload with 529, which the shared directive
 * syntax does not offer; 503 is the nearest scriptable status, so it carries the `overloaded_error` body.
 */
export function scriptedAnthropicFailure(status: SimulatedFailureStatus, now = Date.now()): AnthropicRejection {
  switch (status) {
    case 400:
      return { status, details: invalidRequest('Simulated bad request.') };
    case 401:
      return { status, details: invalidApiKeyError };
    case 429:
      return {
        status,
        details: {
          type: 'rate_limit_error',
          message:
            'This request would exceed the rate limit for your organization of 50 requests per minute (simulated). Please try again later.',
        },
        // Anthropic sends whole seconds in retry-after, plus its own rate-limit headers.
        headers: {
          'retry-after': '1',
          'anthropic-ratelimit-requests-limit': '50',
          'anthropic-ratelimit-requests-remaining': '0',
          'anthropic-ratelimit-requests-reset': new Date(now + 1_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        },
      };
    case 500:
      return { status, details: { type: 'api_error', message: 'Internal server error' } };
    case 502:
      return { status, details: { type: 'api_error', message: 'Bad gateway (simulated)' } };
    case 503:
      return { status, details: { type: 'overloaded_error', message: 'Overloaded' } };
  }
}
