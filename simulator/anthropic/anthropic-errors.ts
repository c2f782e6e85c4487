import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { SimulatedFailureStatus } from '../scripted-directives.ts';

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
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  response.end(payload);
}

export function sendAnthropicError(
  response: ServerResponse,
  status: number,
  error: AnthropicErrorDetails,
  headers: Record<string, string> = {},
): void {
  const requestId = createAnthropicRequestId();
  sendAnthropicJson(response, status, { type: 'error', error, request_id: requestId }, { 'request-id': requestId, ...headers });
}

export function invalidRequest(message: string): AnthropicErrorDetails {
  return { type: 'invalid_request_error', message };
}

export const invalidApiKeyError: AnthropicErrorDetails = { type: 'authentication_error', message: 'invalid x-api-key' };

interface ScriptedAnthropicFailure {
  error: AnthropicErrorDetails;
  headers: Record<string, string>;
}

/**
 * The error a `status=` directive produces. Anthropic itself signals overload with 529, which the shared directive
 * syntax does not offer; 503 is the nearest scriptable status, so it carries the `overloaded_error` body.
 */
export function scriptedAnthropicFailure(status: SimulatedFailureStatus, now = Date.now()): ScriptedAnthropicFailure {
  switch (status) {
    case 400:
      return { error: invalidRequest('Simulated bad request.'), headers: {} };
    case 401:
      return { error: invalidApiKeyError, headers: {} };
    case 429:
      return {
        error: {
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
      return { error: { type: 'api_error', message: 'Internal server error' }, headers: {} };
    case 502:
      return { error: { type: 'api_error', message: 'Bad gateway (simulated)' }, headers: {} };
    case 503:
      return { error: { type: 'overloaded_error', message: 'Overloaded' }, headers: {} };
  }
}
