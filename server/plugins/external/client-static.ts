import fastifyStatic from '@fastify/static';
import fastifyPlugin from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';

declare module 'fastify' {
  interface FastifyInstance {
    /** True when the built client is on disk and served by this server. */
    clientAvailable: boolean;
  }
}

/**
 * Serves the built React client from `CLIENT_DIST_DIR`. Hashed assets are cached for a year; index.html never is,
 * so a deploy reaches browsers on their next navigation. Unknown non-API paths get index.html (client routing).
 */
export default fastifyPlugin(
  async (app) => {
    const root = app.config.server.clientDistDirectory;
    const available = existsSync(path.join(root, 'index.html'));
    app.decorate('clientAvailable', available);
    if (!available) {
      app.log.warn({ root }, 'client is not built (run `npm run build`); only the API is served');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: ['index.html'],
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  },
  { name: 'client-static', dependencies: ['configuration'] },
);
