import fastifyPlugin from 'fastify-plugin';
import { countAskOutcomes } from './ask-outcomes.ts';
import { countHttpRequests } from './http-metrics.ts';
import { installRequestContext } from './request-context.ts';
import { ServerMetrics } from './server-metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's Prometheus metrics, served at `/metrics`. */
    metrics: ServerMetrics;
  }
}

const CREDITS_HELD_SQL = `select coalesce(sum(amount), 0)::text as held from credit_holds where status = 'held'`;

/**
 * What operators see of this server: its metrics (counted by hooks, so no route needs to know) and the request
 * context that carries each request's id into the answer jobs it queues.
 */
export default fastifyPlugin(
  async (app) => {
    const metrics = new ServerMetrics({
      openStreams: () => app.openStreams.size,
      async creditsHeld() {
        const [row] = await app.orm.em.getConnection().execute<{ held: string }[]>(CREDITS_HELD_SQL);
        return Number(row?.held ?? 0);
      },
    });
    app.decorate('metrics', metrics);
    installRequestContext(app);
    countHttpRequests(app, metrics);
    countAskOutcomes(app, metrics);
  },
  { name: 'observability', dependencies: ['configuration', 'database', 'open-streams'] },
);
