import fastifyPlugin from 'fastify-plugin';
import type { QuorumConfig } from '../../../core/config/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: QuorumConfig;
  }
}

/** Makes the validated configuration available to every plugin and route (nothing else reads the environment). */
export default fastifyPlugin<{ config: QuorumConfig }>(
  async (app, options) => {
    app.decorate('config', options.config);
  },
  { name: 'configuration' },
);
