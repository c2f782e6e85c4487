import { summariseMessagesBody } from '../request-fields.ts';
import { bearerToken, headerText, jsonValue } from '../simulated-exchange.ts';
import type { RequestDialect } from '../simulated-request-pipeline.ts';
import {
  invalidApiKeyError,
  invalidRequest,
  scriptedAnthropicFailure,
  sendAnthropicError,
  type AnthropicRejection,
} from './anthropic-errors.ts';
import { validateAnthropicMessageRequest, type AnthropicMessageRequest } from './anthropic-message-request.ts';

const badRequest = (message: string): AnthropicRejection => ({ status: 400, details: invalidRequest(message) });

/**
 * How the Messages API receives a request: the key, then the `anthropic-version` header, then the body, each
 * refused in Anthropic's own words.
 */
export const anthropicDialect: RequestDialect<AnthropicMessageRequest, AnthropicRejection> = {
  readsBody: true,
  // `x-api-key` is the documented header; the installed `@anthropic-ai/sdk` sends an API key as a Bearer token.
  apiKeyOf: (request) => headerText(request, 'x-api-key') || bearerToken(request),
  summarise: (received) => summariseMessagesBody(jsonValue(received.body)),
  refuseUnlogged: (received) =>
    received.body?.kind === 'too-large'
      ? {
          status: 413,
          details: { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
          headers: { connection: 'close' },
        }
      : undefined,
  refuseKey: (apiKey) => (apiKey === '' ? { status: 401, details: invalidApiKeyError } : undefined),
  check({ request, body }) {
    if (!request.headers['anthropic-version']) return { ok: false, rejection: badRequest('anthropic-version: header is required') };
    if (body?.kind !== 'json') {
      return { ok: false, rejection: badRequest('There was an issue with the format or content of your request: invalid JSON body.') };
    }
    const validation = validateAnthropicMessageRequest(body.value);
    return validation.ok ? validation : { ok: false, rejection: { status: 400, details: validation.error } };
  },
  refuseDirective: (message) => badRequest(`messages: ${message}`),
  failureKey: (request) => `${request.model}\u0000${request.lastUserMessage}`,
  scriptedFailure: (status) => scriptedAnthropicFailure(status),
  // With a status, cut-after only says where a streamed failure happens: Anthropic reports it after a 200.
  failsInAnswer: (request, script) => request.stream && script.cutAfter !== undefined,
  send: sendAnthropicError,
};
