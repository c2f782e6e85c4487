import rateLimit from '@fastify/rate-limit';
import fastifyPlugin from 'fastify-plugin';
import { AppError } from '../../../core/errors/index.ts';

/**
 * Rate limits counted in Redis, so every server node shares them. Off by default; routes opt in with their own
 * limits. When Redis cannot count, the request is refused (fails closed): an attacker must not get unlimited
 * password guesses by knocking Redis over.
 */
export default fastifyPlugin(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      redis: app.redis,
      nameSpace: `${app.config.redis.keyPrefix}:rate-limit:`,
      skipOnError: false,
      errorResponseBuilder: (_request, context) => {
        const error = new AppError('RATE_LIMIT_ERROR', 'Rate limit exceeded. Please try again later.');
        (error as AppError & { retryAfterSeconds: number }).retryAfterSeconds = Math.ceil(context.ttl / 1_000);
        return error;
      },
    });
  },
  { name: 'rate-limit', dependencies: ['configuration', 'redis'] },
);
