import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import type { RedisClient } from '../../core/redis/index.ts';
import { User } from '../../core/database/index.ts';
import { requesterFor, type Requester } from '../../core/credits/index.ts';
import { AppError } from '../../core/errors/index.ts';
import { authenticateApiKey, bearerToken, overApiKeyRateLimit } from '../../core/api-keys/index.ts';

export interface ApiKeyServices {
  orm: MikroORM;
  redis: RedisClient;
  keyPrefix: string;
  appSecret: string;
}

/** A call made with a developer API key: the key's owner, as the credit rules see them, and the key. */
export interface ApiKeyCaller {
  user: User;
  requester: Requester;
  keyId: string;
}

/** True when the call names a bearer key, which then decides who is calling (over any session cookie). */
export function callsWithApiKey(request: FastifyRequest): boolean {
  return bearerToken(request.headers.authorization) !== undefined;
}

/**
 * The caller behind `Authorization: Bearer <key>`: the key must be live (INVALID_API_KEY otherwise) and within its
 * rate limit (RATE_LIMIT_ERROR, with the seconds until it may call again). The key's owner pays, under their own
 * tier, exactly as when they ask in the web app; the key's monthly cap is checked where credits are held.
 */
export async function apiKeyCaller(services: ApiKeyServices, request: FastifyRequest): Promise<ApiKeyCaller> {
  const secret = bearerToken(request.headers.authorization);
  if (!secret) throw new AppError('INVALID_API_KEY', 'Send your API key as `Authorization: Bearer <key>`.');
  const em = services.orm.em.fork();
  const key = await authenticateApiKey(em, secret);
  if (!key) throw new AppError('INVALID_API_KEY');
  const user = await em.findOne(User, { id: key.userId });
  if (!user) throw new AppError('INVALID_API_KEY');
  const retryAfterSeconds = await overApiKeyRateLimit(services.redis, services.keyPrefix, key.id, key.requestsPerMinute);
  if (retryAfterSeconds !== undefined) {
    const error = new AppError('RATE_LIMIT_ERROR', `This API key allows ${key.requestsPerMinute} calls per minute. Please try again later.`);
    (error as AppError & { retryAfterSeconds: number }).retryAfterSeconds = retryAfterSeconds;
    throw error;
  }
  const requester: Requester = {
    ...requesterFor(services.appSecret, user, request.clientIdentity),
    apiKey: { id: key.id, monthlyCreditCap: key.monthlyCreditCap },
  };
  return { user, requester, keyId: key.id };
}
