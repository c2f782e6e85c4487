import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { markStage } from '../../core/tracing/stage-trace.ts';
import { AppError } from '../errors/app-error.ts';

const MINUTE_MS = 60_000;

/**
 * The limits on asking, counted in the shared Redis store so every server node sees the same counts: per asker (a
 * signed-in user, or a guest by their hashed address) and per address (many accounts from one place). Like every
 * limit here it fails closed: when Redis cannot count, the question is refused (503), never let through uncounted.
 * Returns the preHandler the asking routes run before admitting a question.
 */
export function askRateLimit(app: FastifyInstance): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const askers = new WeakMap<FastifyRequest, string>();
  const perAsker = app.createRateLimit({
    max: app.config.asking.perAskerPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => askers.get(request) ?? `ask:guest:${request.clientIdentity.guestKey}`,
  });
  // The address is keyed by its HMAC (the guest key), so no IP address is written to Redis.
  const perAddress = app.createRateLimit({
    max: app.config.asking.perAddressPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `ask:address:${request.clientIdentity.guestKey}`,
  });

  return async (request, reply) => {
    const session = await request.currentSession(reply);
    markStage('session');
    askers.set(request, session ? `ask:user:${session.user.id}` : `ask:guest:${request.clientIdentity.guestKey}`);
    // The asker first: someone already refused does not use up the allowance of everyone else at their address.
    for (const limiter of [perAsker, perAddress]) {
      const counted = await limiter(request);
      if (!counted.isAllowed && counted.isExceeded) {
        const refused = new AppError('RATE_LIMIT_ERROR', 'Too many questions in a short time. Please wait a moment and try again.');
        (refused as AppError & { retryAfterSeconds: number }).retryAfterSeconds = Math.max(1, counted.ttlInSeconds);
        throw refused;
      }
    }
    markStage('limits-counted');
  };
}
