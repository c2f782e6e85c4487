import helmet from '@fastify/helmet';
import fastifyPlugin from 'fastify-plugin';

/**
 * Security headers with a strict Content Security Policy: model output is untrusted, so the page may only run its
 * own scripts and talk to its own origin. Inline style attributes stay allowed because Mantine sets them.
 */
export default fastifyPlugin(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: app.config.server.appUrl.startsWith('https:') ? [] : null,
        },
      },
      // Served over plain HTTP in development; HSTS only makes sense behind HTTPS.
      strictTransportSecurity: app.config.server.appUrl.startsWith('https:'),
    });
  },
  { name: 'helmet', dependencies: ['configuration'] },
);
