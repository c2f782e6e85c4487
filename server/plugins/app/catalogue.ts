import fastifyPlugin from 'fastify-plugin';
import { loadModelCatalogue, type ModelCatalogue } from '../../../core/catalogue/model-catalogue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: ModelCatalogue;
  }
}

/** The engines, models and prices, read and validated once at start. */
export default fastifyPlugin(
  async (app) => {
    app.decorate('catalogue', loadModelCatalogue(app.config));
  },
  { name: 'catalogue', dependencies: ['configuration'] },
);
