import {
  createRequestId,
  invalidRequest,
  missingApiKeyError,
  scriptedFailure,
  sendOpenAIRejection,
  type OpenAIErrorDetails,
  type OpenAIRejection,
} from './openai-error-response.ts';
import { bearerToken, jsonValue } from './simulated-exchange.ts';
import type { RequestDialect, RequestSummary, ScriptableRequest } from './simulated-request-pipeline.ts';

/**
 * How OpenAI's API receives a request, for both of its endpoints the simulator serves (chat completions and
 * Responses): a Bearer key, its exact error texts, and the headers on every answer. Each endpoint adds how it
 * reads and validates its body.
 */
export interface OpenAIEndpoint<Valid extends ScriptableRequest> {
  summarise(body: unknown): RequestSummary;
  validate(body: unknown): { ok: true; request: Valid } | { ok: false; error: OpenAIErrorDetails };
  /** The body field the directives were read from, named as `param` in a bad directive's error. */
  directiveParam: string;
  failureKey(request: Valid): string;
}

const notJsonMessage =
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)";

const badRequest = (details: OpenAIErrorDetails): OpenAIRejection => ({ status: 400, details });

export function openAIDialect<Valid extends ScriptableRequest>(endpoint: OpenAIEndpoint<Valid>): RequestDialect<Valid, OpenAIRejection> {
  return {
    readsBody: true,
    apiKeyOf: bearerToken,
    summarise: (received) => endpoint.summarise(jsonValue(received.body)),
    refuseUnlogged: (received) =>
      received.body?.kind === 'too-large'
        ? { status: 413, details: invalidRequest('Request body too large.'), headers: { connection: 'close' } }
        : undefined,
    refuseKey: (apiKey) => (apiKey === '' ? { status: 401, details: missingApiKeyError } : undefined),
    check(received) {
      if (received.body?.kind !== 'json') return { ok: false, rejection: badRequest(invalidRequest(notJsonMessage)) };
      const validation = endpoint.validate(received.body.value);
      return validation.ok ? validation : { ok: false, rejection: badRequest(validation.error) };
    },
    refuseDirective: (message) => badRequest(invalidRequest(message, endpoint.directiveParam, 'invalid_simulator_directive')),
    failureKey: endpoint.failureKey,
    scriptedFailure: (status, request) => scriptedFailure(status, request.model),
    send: sendOpenAIRejection,
  };
}

/** What OpenAI puts on every successful answer. */
export function openAIAnswerHeaders(receivedAt: number): Record<string, string> {
  return {
    'x-request-id': createRequestId(),
    'openai-version': '2020-10-01',
    'openai-processing-ms': String(Date.now() - receivedAt),
  };
}
