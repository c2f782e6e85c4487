import type { FastifyError, FastifyInstance } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import * as Type from 'typebox/type';
import { ERROR_CODES, type ErrorCode } from '../../contract/error-codes.ts';
import { OpenAiErrorBody } from '../../contract/openai-compatible.ts';
import { AppError, isInfrastructureUnavailable } from '../../core/errors/index.ts';
import { ConversationTooLongError } from '../../core/requests/index.ts';
import { describeValidationError } from '../schemas/validation-messages.ts';

/**
 * `/v1` answers refusals as OpenAI does (`{error: {message, type, param, code}}`), so its SDKs raise the error class
 * a developer expects (AuthenticationError for 401, RateLimitError for 429, ...). The statuses and wording are
 * Quorum's own, from the contract's error codes.
 */

/** OpenAI's `type` for each status it uses; Quorum adds 402 for credits. */
function errorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'insufficient_quota';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'invalid_request_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

/** OpenAI's own codes where it has one for the same refusal; otherwise ours, in its lower-case style. */
const OPENAI_CODES: Partial<Record<ErrorCode, string>> = {
  INVALID_API_KEY: 'invalid_api_key',
  RATE_LIMIT_ERROR: 'rate_limit_exceeded',
};

export class OpenAiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
    readonly param: string | null = null,
  ) {
    super(message);
    this.name = 'OpenAiError';
  }

  static fromAppError(error: AppError): OpenAiError {
    // OpenAI's own refusal of a conversation longer than the model reads.
    if (error instanceof ConversationTooLongError) return new OpenAiError(error.statusCode, error.message, 'context_length_exceeded', 'messages');
    return new OpenAiError(error.statusCode, error.message, OPENAI_CODES[error.code] ?? error.code.toLowerCase());
  }
}

export function openAiErrorBody(status: number, message: string, code: string | null, param: string | null = null): OpenAiErrorBody {
  return { error: { message, type: errorType(status), param, code } };
}

/**
 * The field a refused body names, as OpenAI writes `param`: `temperature`, `messages[0].content`; a missing field by
 * its own name; null when the whole body is at fault.
 */
export function openAiParam(errors: readonly FastifySchemaValidationError[]): string | null {
  const first = errors[0];
  if (!first) return null;
  const steps = first.instancePath.split('/').slice(1);
  const missing = first.keyword === 'required' ? (first.params as { missingProperty?: unknown }).missingProperty : undefined;
  if (typeof missing === 'string') steps.push(missing);
  const param = steps.map((step, index) => (/^\d+$/.test(step) ? `[${step}]` : `${index === 0 ? '' : '.'}${step}`)).join('');
  return param === '' ? null : param;
}

/** The statuses a `/v1` call documents, each with OpenAI's error body. */
export function openAiErrorResponses(statuses: readonly number[]): Record<number, Type.TSchema> {
  return Object.fromEntries([...statuses, 500, 503].map((status) => [status, { ...OpenAiErrorBody, description: `OpenAI's error format (${errorType(status)}).` }]));
}

/** Every error in the `/v1` scope leaves in OpenAI's format; 5xx never leak internals, as everywhere else. */
export function installOpenAiErrorHandler(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError | AppError | OpenAiError | Error, request, reply) => {
    if (error instanceof OpenAiError) return reply.status(error.status).send(openAiErrorBody(error.status, error.message, error.code, error.param));
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      const retryAfter = (error as AppError & { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      const mapped = OpenAiError.fromAppError(error);
      return reply.status(mapped.status).send(openAiErrorBody(mapped.status, mapped.message, mapped.code, mapped.param));
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const message = describeValidationError(fastifyError.validation, fastifyError.validationContext ?? 'body');
      return reply.status(400).send(openAiErrorBody(400, message, 'invalid_request', openAiParam(fastifyError.validation)));
    }
    if (isInfrastructureUnavailable(error)) {
      request.log.error({ err: error }, 'dependency unavailable');
      return reply.status(503).send(openAiErrorBody(503, ERROR_CODES.SERVICE_UNAVAILABLE.message, 'service_unavailable'));
    }
    const status = fastifyError.statusCode ?? 500;
    if (status < 500) return reply.status(status).send(openAiErrorBody(status, fastifyError.message, 'invalid_request'));
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(openAiErrorBody(500, ERROR_CODES.SERVER_ERROR.message, 'server_error'));
  });
  scope.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    return reply.status(404).send(openAiErrorBody(404, `No such endpoint: ${request.method} ${path}`, 'unknown_url'));
  });
}
