import type { FastifyReply, FastifyRequest } from 'fastify';
import { requesterFor, type Requester } from '../../core/credits/index.ts';
import { apiKeyCaller, callsWithApiKey, type ApiKeyServices } from './api-key-caller.ts';

/** The requester behind an HTTP request: the owner of its API key, else its signed-in user, else the guest. */
export async function requesterOfRequest(services: ApiKeyServices, request: FastifyRequest, reply: FastifyReply): Promise<Requester> {
  if (callsWithApiKey(request)) return (await apiKeyCaller(services, request)).requester;
  const session = await request.currentSession(reply);
  return requesterFor(services.appSecret, session?.user, request.clientIdentity);
}
