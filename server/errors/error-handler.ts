import type { FastifyError, FastifyInstance } from 'fastify';
import { failure } from '../../contract/envelope.ts';
import { isPagePath } from '../../contract/page-paths.ts';
import { describeValidationError } from '../schemas/validation-messages.ts';
import { AppError, ERROR_CODES, isInfrastructureUnavailable } from '../../core/errors/index.ts';
import { routerRefusalOf } from './router-errors.ts';

/**
 * The one place errors become responses. Everything leaves in the envelope; client errors keep their message;
 * anything 5xx is logged in full and answered with the product's generic wording, so internals never leak.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    // A handler may have failed after choosing another type (a static file sets text/html): the envelope is JSON.
    reply.type('application/json; charset=utf-8');
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      const retryAfter = (error as AppError & { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return reply.status(error.statusCode).send(failure(error.code, error.message, error.data));
    }

    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const message = describeValidationError(fastifyError.validation, fastifyError.validationContext ?? 'body');
      return reply.status(400).send(failure('VALIDATION_ERROR', message));
    }

    if (isInfrastructureUnavailable(error)) {
      request.log.error({ err: error }, 'dependency unavailable');
      return reply.status(503).send(failure('SERVICE_UNAVAILABLE', ERROR_CODES.SERVICE_UNAVAILABLE.message));
    }

    const status = fastifyError.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      const code =
        status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status === 429 ? 'RATE_LIMIT_ERROR' : 'VALIDATION_ERROR';
      const message =
        code === 'VALIDATION_ERROR' && fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : code === 'VALIDATION_ERROR'
            ? fastifyError.message
            : ERROR_CODES[code].message;
      return reply.status(status).send(failure(code, message));
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure('SERVER_ERROR', ERROR_CODES.SERVER_ERROR.message));
  });

  app.setNotFoundHandler((request, reply) => {
    const refusal = routerRefusalOf(request);
    if (refusal) {
      const message = refusal === 'too-long' ? 'A part of the address is too long.' : 'The address is not valid (bad percent-encoding).';
      return reply.status(400).send(failure('VALIDATION_ERROR', message));
    }
    const path = request.url.split('?')[0] ?? '/';
    // Client-side routes (/pricing, /verify-email, ...) are pages of the single-page app, not missing files; any
    // other address gets the app too, which draws its not-found page, but under a 404. The operators' /admin/ area
    // has no pages there: an address in it that does not exist is a plain 404.
    if (request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/admin/') && app.clientAvailable) {
      return reply
        .status(isPagePath(path) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    }
    return reply.status(404).send(failure('NOT_FOUND', `No such endpoint: ${request.method} ${path}`));
  });
}
