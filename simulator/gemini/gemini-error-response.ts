import type { ServerResponse } from 'node:http';
import type { SimulatedFailureStatus } from '../scripted-directives.ts';
import { sendBody } from '../simulated-exchange.ts';
import { prettyJson } from './google-json.ts';

/** `google.rpc.Status` as the Gemini API sends it: `{"error": {code, message, status, details?}}`. */
export interface GoogleError {
  code: number;
  message: string;
  status: string;
  details?: unknown[];
}

/** Headers Google's front end puts on every API response. */
export const googleFrontEndHeaders: Record<string, string> = {
  vary: 'Origin, X-Origin, Referer',
  server: 'scaffolding on HTTPServer2',
  'x-xss-protection': '0',
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
};

/**
 * Sends an error the way the Gemini API does. On `streamGenerateContent?alt=sse` the error is still a
 * pretty-printed JSON body, but labelled `text/event-stream` like the success case, which is why the SDK reports
 * it as `{"error":{"message":"<that JSON as text>","code":…,"status":"<HTTP reason>"}}`; plain endpoints label it
 * `application/json; charset=UTF-8`.
 */
export function sendGoogleError(response: ServerResponse, error: GoogleError, options: { stream: boolean }): void {
  const contentType = options.stream ? 'text/event-stream' : 'application/json; charset=UTF-8';
  sendBody(response, error.code, contentType, prettyJson({ error }), googleFrontEndHeaders);
}

/** Unknown URLs never reach the API: Google's front end answers them with its HTML "That's an error." page. */
export function sendFrontEndNotFound(response: ServerResponse, path: string): void {
  sendFrontEndPage(response, 404, 'Error 404 (Not Found)!!1', `The requested URL <code>${escapeHtml(path)}</code> was not found on this server.`);
}

/** A 502 never comes from the API itself but from the front end in front of it, as the same kind of HTML page. */
export function sendFrontEndBadGateway(response: ServerResponse): void {
  const text = 'The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.';
  sendFrontEndPage(response, 502, 'Error 502 (Server Error)!!1', text);
}

function sendFrontEndPage(response: ServerResponse, status: 404 | 502, title: string, text: string): void {
  const page =
    `<!DOCTYPE html>\n<html lang=en>\n  <meta charset=utf-8>\n  <title>${title}</title>\n` +
    `  <p><b>${status}.</b> <ins>That’s an error.</ins>\n  <p>${text}  <ins>That’s all we know.</ins>\n`;
  sendBody(response, status, 'text/html; charset=UTF-8', page, { 'referrer-policy': 'no-referrer' });
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export function invalidArgument(message: string): GoogleError {
  return { code: 400, message, status: 'INVALID_ARGUMENT' };
}

/** What the API answers when no key came with the request (neither `x-goog-api-key` nor `?key=`). */
export const missingApiKeyError: GoogleError = {
  code: 403,
  message:
    "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
  status: 'PERMISSION_DENIED',
};

/** A key Google does not recognise is a 400, not a 401: clients must read `details` to know it is about auth. */
export const invalidApiKeyError: GoogleError = {
  code: 400,
  message: 'API key not valid. Please pass a valid API key.',
  status: 'INVALID_ARGUMENT',
  details: [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'API_KEY_INVALID',
      domain: 'googleapis.com',
      metadata: { service: 'generativelanguage.googleapis.com' },
    },
    {
      '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
      locale: 'en-US',
      message: 'API key not valid. Please pass a valid API key.',
    },
  ],
};

export function modelNotFoundError(model: string, version: string, method: string): GoogleError {
  return {
    code: 404,
    message: `models/${model} is not found for API version ${version}, or is not supported for ${method}. Call ListModels to see the list of available models and their supported methods.`,
    status: 'NOT_FOUND',
  };
}

/** How long a simulated 429 asks the client to wait; short so retrying tests stay fast. */
export const simulatedRetryDelay = '0.010s';

/**
 * The error a `status=` directive produces, shaped like the Gemini API's own. 502 is not an API error at all but
 * the front end's HTML page, so it returns undefined and the caller sends that page.
 */
export function scriptedGoogleError(status: SimulatedFailureStatus, model: string): GoogleError | undefined {
  switch (status) {
    case 400:
      return invalidArgument('Request contains an invalid argument. (simulated)');
    case 401:
      return {
        code: 401,
        message:
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project. (simulated)',
        status: 'UNAUTHENTICATED',
      };
    case 429:
      // Google sends no Retry-After header: the wait is only in the body, as a RetryInfo detail.
      return {
        code: 429,
        message: `You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.\n* Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: 10, model: ${model}\nPlease retry in ${simulatedRetryDelay}. (simulated)`,
        status: 'RESOURCE_EXHAUSTED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
            violations: [
              {
                quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
                quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
                quotaDimensions: { location: 'global', model },
                quotaValue: '10',
              },
            ],
          },
          {
            '@type': 'type.googleapis.com/google.rpc.Help',
            links: [{ description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' }],
          },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: simulatedRetryDelay },
        ],
      };
    case 500:
      return {
        code: 500,
        message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting (simulated)',
        status: 'INTERNAL',
      };
    case 502:
      return undefined;
    case 503:
      return { code: 503, message: 'The model is overloaded. Please try again later. (simulated)', status: 'UNAVAILABLE' };
  }
}
