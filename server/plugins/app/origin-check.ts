import fastifyPlugin from 'fastify-plugin';
import { AppError } from '../../../core/errors/index.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for everything that changes state: a browser always sends Origin with such
 * requests, so one naming another site is refused. Allowed: APP_URL's origin, and the origin of the host the request
 * was addressed to (the same page, e.g. behind the dev server's proxy). No Origin at all means no browser, so no
 * ambient cookie to abuse.
 */
export default fastifyPlugin(
  async (app) => {
    const appOrigin = new URL(app.config.server.appUrl).origin;
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const origin = request.headers.origin;
      if (origin === undefined) return;
      const sameHost = `${request.protocol}://${request.host}`;
      if (origin === appOrigin || origin === sameHost) return;
      throw new AppError('FORBIDDEN', 'This request came from another site and was refused.');
    });
  },
  { name: 'origin-check', dependencies: ['configuration'] },
);
