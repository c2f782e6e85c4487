import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { markStage } from '../../core/tracing/stage-trace.ts';
import { AppError } from '../errors/app-error.ts';

export interface PersonAndAddressLimits {
  /** Names the counts in Redis: `<name>:user:<id>`, `<name>:guest:<address key>`, `<name>:address:<address key>`. */
  name: string;
  /** Calls one person (a signed-in user, or a guest known by their hashed address) may make per window. */
  perPerson: number;
  /** Calls one address may make per window, whoever is signed in. */
  perAddress: number;
  windowMs: number;
  /** The 429's message. */
  refusal: string;
}

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A limit per person and per address, counted in the shared Redis store so every server node sees the same counts.
 * The person is counted first: someone already refused does not use up the allowance of everyone else at their
 * address. It fails closed: when Redis cannot count, the call is refused with a 503, never let through uncounted.
 * Returns the preHandler a route runs before doing any work; it runs after validation, so malformed calls (which
 * cost nothing) do not use up anyone's allowance.
 */
export function personAndAddressLimit(app: FastifyInstance, limits: PersonAndAddressLimits): PreHandler {
  const people = new WeakMap<FastifyRequest, string>();
  const guestKeyOf = (request: FastifyRequest) => `${limits.name}:guest:${request.clientIdentity.guestKey}`;
  const perPerson = app.createRateLimit({
    max: limits.perPerson,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => people.get(request) ?? guestKeyOf(request),
  });
  // The address is keyed by its HMAC (the guest key), so no IP address is written to Redis.
  const perAddress = app.createRateLimit({
    max: limits.perAddress,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `${limits.name}:address:${request.clientIdentity.guestKey}`,
  });

  /** Both counts, person first; the first one over its limit, if any. One function, so the two can share a round trip. */
  async function countBoth(request: FastifyRequest): Promise<{ exceeded: boolean; retryAfterSeconds: number }> {
    for (const limiter of [perPerson, perAddress]) {
      let counted: Awaited<ReturnType<typeof limiter>>;
      try {
        counted = await limiter(request);
      } catch (error) {
        throw new AppError('SERVICE_UNAVAILABLE', undefined, { cause: error });
      }
      if (!counted.isAllowed && counted.isExceeded) return { exceeded: true, retryAfterSeconds: Math.max(1, counted.ttlInSeconds) };
    }
    return { exceeded: false, retryAfterSeconds: 0 };
  }

  return async (request, reply) => {
    const session = await request.currentSession(reply);
    markStage('session');
    people.set(request, session ? `${limits.name}:user:${session.user.id}` : guestKeyOf(request));
    const counted = await countBoth(request);
    if (counted.exceeded) {
      const refused = new AppError('RATE_LIMIT_ERROR', limits.refusal);
      (refused as AppError & { retryAfterSeconds: number }).retryAfterSeconds = counted.retryAfterSeconds;
      throw refused;
    }
    markStage('limits-counted');
  };
}
