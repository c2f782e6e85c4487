import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { contextTokensOf, engineAvailability } from '../../../core/catalogue/index.ts';
import { CatalogueData } from '../../../contract/catalogue.ts';
import { success } from '../../../contract/envelope.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';
import modelStatsRoute from './model-stats.ts';

/** `GET /api/models`: the catalogue keyed by engine, with each engine's availability on this server. */
const modelsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const data = {
    models: Object.fromEntries(
      app.catalogue.engines.map((engine) => {
        const availability = engineAvailability(app.config, engine);
        return [
          engine.id,
          {
            name: engine.name,
            aliases: engine.aliases,
            available: availability.available,
            unavailableReason: availability.reason,
            models: engine.models.map((model) => ({ ...model, contextTokens: contextTokensOf(model) })),
          },
        ];
      }),
    ),
    features: { webSearch: app.catalogue.webSearchCredits, ...(app.brandJudgeModel ? { brandJudgeModel: app.brandJudgeModel.id } : {}) },
  };

  app.get('/models', { schema: { summary: 'The engines and models, with prices', tags: ['Catalogue'], response: jsonResponses(CatalogueData) } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return success(data);
  });

  await app.register(modelStatsRoute);
};

export default modelsRoutes;
