import type { FastifyInstance } from 'fastify';
import type { ServerMetrics } from './server-metrics.ts';

/**
 * Every answered request by its route pattern (`/api/requests/:id/events`, never the raw address, so the number
 * of series stays bounded). Addresses no route matches (the client's pages, probes, typos) share one label.
 */
export function countHttpRequests(app: FastifyInstance, metrics: ServerMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1_000);
  });
}
