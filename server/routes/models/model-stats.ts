import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../contract/envelope.ts';
import { MODEL_FIGURES_CACHE_SECONDS, ModelStatsData } from '../../../contract/model-stats.ts';
import { FiguresCache, loadModelFigures } from '../../../core/runs/index.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

/**
 * `GET /api/models/stats`: the models page's table. Public, the same for everyone, and counted at most once a minute
 * per server (`FiguresCache` says why memory): browsers and proxies may keep it as long.
 */
const modelStatsRoute: FastifyPluginAsyncTypebox = async (app) => {
  const figures = new FiguresCache(() => loadModelFigures(app.orm.em.fork(), app.catalogue, app.config), MODEL_FIGURES_CACHE_SECONDS * 1000);

  app.get(
    '/models/stats',
    {
      schema: {
        summary: 'Every model with its price, what it accepts, and Quorum’s own figures over the last 24 hours and 7 days',
        description:
          'Answers, error rate, time to first token (p50, p95) and output tokens per second per model, each with the count it is drawn from; a figure from fewer answers than `minimumAnswers` is null. Counted at most once a minute.',
        tags: ['Catalogue'],
        response: jsonResponses(ModelStatsData),
      },
    },
    async (_request, reply) => {
      const data = await figures.get();
      reply.header('cache-control', `public, max-age=${MODEL_FIGURES_CACHE_SECONDS}`);
      return success(data);
    },
  );
};

export default modelStatsRoute;
