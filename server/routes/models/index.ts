import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { engineAvailability } from '../../../core/catalogue/model-catalogue.ts';
import { success, SuccessEnvelope } from '../../schemas/response-envelope.ts';

const ModelEntry = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  webSearchSupported: Type.Boolean(),
  credits: Type.Integer(),
  freeTier: Type.Boolean(),
});

const EngineEntry = Type.Object({
  name: Type.String(),
  aliases: Type.Array(Type.String()),
  available: Type.Boolean(),
  unavailableReason: Type.Union([Type.String(), Type.Null()]),
  models: Type.Array(ModelEntry),
});

const ModelsData = Type.Object({
  models: Type.Record(Type.String(), EngineEntry),
  features: Type.Object({ webSearch: Type.Integer() }),
});

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
            models: engine.models,
          },
        ];
      }),
    ),
    features: { webSearch: app.catalogue.webSearchCredits },
  };

  app.get('/models', { schema: { response: { 200: SuccessEnvelope(ModelsData) } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return success(data);
  });
};

export default modelsRoutes;
