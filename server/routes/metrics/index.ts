import type { FastifyPluginAsync } from 'fastify';
import { failure } from '../../../contract/envelope.ts';
import { scrapeAllowed } from '../../../core/metrics/index.ts';

/**
 * `GET /metrics`: this server's metrics in Prometheus's text format, for a scraper rather than a person, so it is
 * left out of the API reference. With `METRICS_TOKEN` set, only `Authorization: Bearer <token>` may read them.
 */
const metricsRoute: FastifyPluginAsync = async (app) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!scrapeAllowed(request.headers.authorization, app.config.operations.metricsToken)) {
      reply.header('www-authenticate', 'Bearer');
      return reply.status(401).send(failure('UNAUTHORIZED', 'Metrics need the bearer token set in METRICS_TOKEN.'));
    }
    const text = await app.metrics.registry.metrics();
    return reply.type(app.metrics.registry.contentType).send(text);
  });
};

export default metricsRoute;
