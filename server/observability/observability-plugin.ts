import fastifyPlugin from 'fastify-plugin';
import { reportStagesTo } from '../../core/metrics/index.ts';
import { creditsHeldInTotal } from '../../core/credits/index.ts';
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

/**
 * What operators see of this server: its metrics (counted by hooks, so no route needs to know) and the request
 * context that carries each request's id into the answer jobs it queues.
 */
export default fastifyPlugin(
  async (app) => {
    const metrics = new ServerMetrics({
      openStreams: () => app.openStreams.size,
      creditsHeld: () => creditsHeldInTotal(app.orm.em),
    });
    app.decorate('metrics', metrics);
    // Stages end in code that does not know this server (admission in core/, the relay); they report here. Several
    // servers in one process (tests) would each count them; in production a process is one server.
    const stopReporting = reportStagesTo((stage, seconds) => metrics.stages.observe({ stage }, seconds));
    app.addHook('onClose', async () => {
      stopReporting();
    });
    installRequestContext(app);
    countHttpRequests(app, metrics);
    countAskOutcomes(app, metrics);
  },
  { name: 'observability', dependencies: ['configuration', 'database', 'open-streams'] },
);
