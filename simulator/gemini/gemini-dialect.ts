import { jsonValue } from '../simulated-exchange.ts';
import type { Checked, RequestDialect } from '../simulated-request-pipeline.ts';
import { parseGeminiDirectives, type GeminiScript } from './gemini-directives.ts';
import {
  invalidApiKeyError,
  invalidArgument,
  missingApiKeyError,
  modelNotFoundError,
  scriptedGoogleError,
  sendFrontEndBadGateway,
  sendGoogleError,
  type GoogleError,
} from './gemini-error-response.ts';
import {
  apiKeyOf,
  isKnownModel,
  isRejectedApiKey,
  summariseGeminiBody,
  validateGenerateContentRequest,
  type GeminiRoute,
  type GenerateContentRequest,
} from './gemini-request.ts';

/** A validated request: the model comes from the URL, and `[[gemini …]]` directives script Gemini-only endings. */
export interface GeminiRequest extends GenerateContentRequest {
  model: string;
  geminiScript: GeminiScript;
}

/** A scripted 502 is not an API error at all but the front end's HTML page. */
export type GeminiRejection = GoogleError | { frontEndBadGateway: true };

const payloadTooLarge: GoogleError = { code: 413, message: 'Request payload size exceeds the limit: 10485760 bytes.', status: 'INVALID_ARGUMENT' };

const reject = (error: GoogleError): Checked<GeminiRequest, GeminiRejection> => ({ ok: false, rejection: error });

/**
 * How the Gemini API receives a request to the model and method its URL names: the key (header or `?key=`), which
 * Google checks first and refuses with a 403 or, for a bad key, a 400; then the model, the body size, the JSON and
 * its fields. Errors on the streaming method are labelled as a stream, as Google does.
 */
export function geminiDialect(route: GeminiRoute): RequestDialect<GeminiRequest, GeminiRejection> {
  const stream = route.method === 'streamGenerateContent';
  return {
    readsBody: true,
    apiKeyOf: (request, url) => apiKeyOf(request, url.searchParams),
    summarise: (received) => ({ model: route.model, stream, ...summariseGeminiBody(jsonValue(received.body)) }),
    refuseKey(apiKey) {
      if (apiKey === '') return missingApiKeyError;
      return isRejectedApiKey(apiKey) ? invalidApiKeyError : undefined;
    },
    check({ body }) {
      if (!isKnownModel(route.model)) return reject(modelNotFoundError(route.model, route.version, route.method));
      if (body?.kind === 'too-large') return reject(payloadTooLarge);
      if (body?.kind !== 'json') return reject(invalidArgument('Invalid JSON payload received. Unexpected token.'));
      const validation = validateGenerateContentRequest(body.value);
      if (!validation.ok) return reject(validation.error);
      return { ok: true, request: { ...validation.request, model: route.model, geminiScript: {} } };
    },
    refuseDirective: invalidArgument,
    readVendorDirectives(request, prompt) {
      const gemini = parseGeminiDirectives(prompt);
      if (!gemini.ok) return { ok: false, rejection: invalidArgument(gemini.message) };
      return { ok: true, request: { ...request, geminiScript: gemini.script }, prompt: gemini.prompt };
    },
    // Keyed on the message as sent, directives included, so two tests scripting different faults never share a count.
    failureKey: (request) => `gemini\u0000${request.model}\u0000${request.lastUserMessage}`,
    scriptedFailure: (status, request) => scriptedGoogleError(status, request.model) ?? { frontEndBadGateway: true },
    send(response, rejection) {
      if ('frontEndBadGateway' in rejection) sendFrontEndBadGateway(response);
      else sendGoogleError(response, rejection, { stream });
    },
  };
}
