import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { SimulatedFailureStatus } from './scripted-directives.ts';

/** The body OpenAI sends with every error; the SDK reads `error` to build its typed exceptions. */
export interface OpenAIErrorDetails {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

export function createRequestId(): string {
  return `req_${randomBytes(16).toString('hex')}`;
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    'x-request-id': createRequestId(),
    ...headers,
  });
  response.end(payload);
}

export function sendOpenAIError(
  response: ServerResponse,
  status: number,
  error: OpenAIErrorDetails,
  headers: Record<string, string> = {},
): void {
  sendJson(response, status, { error }, headers);
}

export function invalidRequest(message: string, param: string | null = null, code: string | null = null): OpenAIErrorDetails {
  return { message, type: 'invalid_request_error', param, code };
}

export const missingApiKeyError: OpenAIErrorDetails = invalidRequest(
  "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
  null,
  'invalid_api_key',
);

interface ScriptedFailure {
  error: OpenAIErrorDetails;
  headers: Record<string, string>;
}

/** The error a `status=` directive produces, shaped like the real API's error for that status. */
export function scriptedFailure(status: SimulatedFailureStatus, model: string): ScriptedFailure {
  switch (status) {
    case 400:
      return { error: invalidRequest('Simulated bad request.'), headers: {} };
    case 401:
      return { error: invalidRequest('Incorrect API key provided (simulated).', null, 'invalid_api_key'), headers: {} };
    case 429:
      return {
        error: {
          message: `Rate limit reached for ${model} (simulated). Please try again in 10ms.`,
          type: 'rate_limit_exceeded',
          param: null,
          code: 'rate_limit_exceeded',
        },
        // The SDK honours retry-after-ms, so retries in tests wait milliseconds rather than its default backoff.
        headers: { 'retry-after-ms': '10' },
      };
    case 500:
      return {
        error: {
          message: 'The server had an error while processing your request. Sorry about that! (simulated)',
          type: 'server_error',
          param: null,
          code: null,
        },
        headers: {},
      };
    case 502:
      return {
        error: { message: 'Bad gateway (simulated).', type: 'server_error', param: null, code: null },
        headers: {},
      };
    case 503:
      return {
        error: {
          message: 'The server is overloaded or not ready yet (simulated).',
          type: 'server_error',
          param: null,
          code: null,
        },
        headers: {},
      };
  }
}
