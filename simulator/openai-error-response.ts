import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { SimulatedFailureStatus } from './scripted-directives.ts';
import { describeType } from './request-fields.ts';
import { sendBody } from './simulated-exchange.ts';
import type { StatusRejection } from './simulated-request-pipeline.ts';

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
  sendBody(response, status, 'application/json', JSON.stringify(body), { 'x-request-id': createRequestId(), ...headers });
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

/** OpenAI's wording for a required parameter that is missing or empty. */
export function missingParameter(param: string): OpenAIErrorDetails {
  return invalidRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter');
}

/** OpenAI's wording for a value of the wrong JSON type; `expected` reads like `a string`. */
export function invalidType(param: string | null, expected: string, value: unknown): OpenAIErrorDetails {
  const name = param === null ? 'body' : `'${param}'`;
  return invalidRequest(`Invalid type for ${name}: expected ${expected}, but got ${describeType(value)} instead.`, param, 'invalid_type');
}

export function serverError(message: string): OpenAIErrorDetails {
  return { message, type: 'server_error', param: null, code: null };
}

export const missingApiKeyError: OpenAIErrorDetails = invalidRequest(
  "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
  null,
  'invalid_api_key',
);

export type OpenAIRejection = StatusRejection<OpenAIErrorDetails>;

export function sendOpenAIRejection(response: ServerResponse, rejection: OpenAIRejection): void {
  sendOpenAIError(response, rejection.status, rejection.details, rejection.headers);
}

/** The error a `status=` directive produces, shaped like the real API's error for that status. */
export function scriptedFailure(status: SimulatedFailureStatus, model: string): OpenAIRejection {
  switch (status) {
    case 400:
      return { status, details: invalidRequest('Simulated bad request.') };
    case 401:
      return { status, details: invalidRequest('Incorrect API key provided (simulated).', null, 'invalid_api_key') };
    case 429:
      return {
        status,
        details: {
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
        status,
        details: serverError('The server had an error while processing your request. Sorry about that! (simulated)'),
      };
    case 502:
      return { status, details: serverError('Bad gateway (simulated).') };
    case 503:
      return { status, details: serverError('The server is overloaded or not ready yet (simulated).') };
  }
}
