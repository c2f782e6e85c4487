import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerMetrics } from './server-metrics.ts';

/** The routes that admit questions (hold credits and queue answers); the rest of the API never does. */
export const ASKING_ROUTES = new Set([
  '/api/search',
  '/api/search/stream',
  '/api/compare',
  '/api/compare/stream',
  '/api/requests/:id/judge',
  '/api/arena/stream',
  '/v1/chat/completions',
]);

/**
 * Counts admissions and refusals from outside the admission code. A refusal is an error thrown on an asking route
 * (validation, limits, credits, a dependency away: everything the error handler answers), counted by the code the
 * caller received. Any other outcome of an asking route was an admission, including an answer that then failed
 * (its failure was the model's, after the question got in), and a stream, counted when it ends.
 */
export function countAskOutcomes(app: FastifyInstance, metrics: ServerMetrics): void {
  const refused = new WeakMap<FastifyRequest, { code: string | undefined }>();
  const askingRoute = (request: FastifyRequest) => {
    const route = request.routeOptions.url;
    return route !== undefined && ASKING_ROUTES.has(route) ? route : undefined;
  };

  app.addHook('onError', async (request) => {
    if (askingRoute(request)) refused.set(request, { code: undefined });
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const refusal = refused.get(request);
    if (refusal && typeof payload === 'string') refusal.code = errorCodeIn(payload);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = askingRoute(request);
    if (!route) return;
    const refusal = refused.get(request);
    if (refusal) metrics.refusals.inc({ route, code: refusal.code ?? `HTTP_${reply.statusCode}` });
    else metrics.admissions.inc({ route });
  });
}

/** `error.code` of the envelope, or of OpenAI's error shape on `/v1` (lower-cased there; ours are upper-case). */
function errorCodeIn(payload: string): string | undefined {
  try {
    const code = (JSON.parse(payload) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' && code ? code.toUpperCase() : undefined;
  } catch {
    return undefined;
  }
}
