import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requesterFor, type Requester } from '../../core/credits/requester.ts';
import { apiKeyCaller, callsWithApiKey } from './api-key-caller.ts';

/** The requester behind an HTTP request: the owner of its API key, else its signed-in user, else the guest. */
export async function requesterOfRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Requester> {
  if (callsWithApiKey(request)) {
    const services = { orm: app.orm, redis: app.redis, keyPrefix: app.config.redis.keyPrefix, appSecret: app.config.appSecret };
    return (await apiKeyCaller(services, request)).requester;
  }
  const session = await request.currentSession(reply);
  return requesterFor(app.config.appSecret, session?.user, request.clientIdentity);
}
