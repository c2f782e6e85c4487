import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RedisClient } from '../../core/redis/index.ts';
import { markStage } from '../../core/tracing/index.ts';
import { AppError } from '../../core/errors/index.ts';
import { countInWindow } from './window-counter.ts';

export interface PersonAndAddressLimits {
  /** Names the counts in Redis: `<prefix>:rate-limit:<name>:user:<id>`, `…:<name>:guest:<address key>`, `…:<name>:address:<address key>`. */
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

/** Where the counts live: the shared Redis, under the deployment's key prefix. */
export interface LimitStore {
  redis: RedisClient;
  keyPrefix: string;
}

/** The process's limit store, as the routes register their limits. */
export function limitStoreOf(app: FastifyInstance): LimitStore {
  return { redis: app.redis, keyPrefix: app.config.redis.keyPrefix };
}

/**
 * A limit per person and per address, counted in the shared Redis store so every server node sees the same counts.
 * The person is counted first: someone already refused does not use up the allowance of everyone else at their
 * address. It fails closed: when Redis cannot count, the call is refused with a 503, never let through uncounted.
 * Returns the preHandler a route runs before doing any work; it runs after validation, so malformed calls (which
 * cost nothing) do not use up anyone's allowance.
 */
export function personAndAddressLimit(store: LimitStore, limits: PersonAndAddressLimits): PreHandler {
  // Named by the limit itself, e.g. `quorum:rate-limit:payments:user:<id>`, so an operator can read them.
  const keyOf = (suffix: string) => `${store.keyPrefix}:rate-limit:${limits.name}:${suffix}`;

  /** Both counts, person first; the first one over its limit, if any. */
  async function countBoth(request: FastifyRequest, person: string): Promise<{ exceeded: boolean; retryAfterSeconds: number }> {
    // The address is keyed by its HMAC (the guest key), so no IP address is written to Redis.
    const counts: [string, number][] = [
      [person, limits.perPerson],
      [`address:${request.clientIdentity.guestKey}`, limits.perAddress],
    ];
    for (const [suffix, max] of counts) {
      let counted: Awaited<ReturnType<typeof countInWindow>>;
      try {
        counted = await countInWindow(store.redis, keyOf(suffix), limits.windowMs);
      } catch (error) {
        throw new AppError('SERVICE_UNAVAILABLE', undefined, { cause: error });
      }
      if (counted.count > max) return { exceeded: true, retryAfterSeconds: Math.max(1, Math.ceil(counted.resetsInMs / 1_000)) };
    }
    return { exceeded: false, retryAfterSeconds: 0 };
  }

  return async (request, reply) => {
    const session = await request.currentSession(reply);
    markStage('session');
    const person = session ? `user:${session.user.id}` : `guest:${request.clientIdentity.guestKey}`;
    const counted = await countBoth(request, person);
    if (counted.exceeded) {
      const refused = new AppError('RATE_LIMIT_ERROR', limits.refusal);
      (refused as AppError & { retryAfterSeconds: number }).retryAfterSeconds = counted.retryAfterSeconds;
      throw refused;
    }
    markStage('limits-counted');
  };
}
