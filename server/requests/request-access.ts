import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ModelRun, SearchRequest } from '../../core/database/index.ts';
import { AppError } from '../../core/errors/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who is looking: the signed-in user, if any, and the browser's anonymous session id. */
export interface RequestViewer {
  userId: string | undefined;
  anonymousSessionId: string;
}

/**
 * Loads a request the caller may see: its signed-in owner, or, for a guest's request, the anonymous session that
 * asked it. Anyone else gets the same 404 as for a request that does not exist, so ids cannot be probed.
 */
export async function loadOwnRequest(
  em: EntityManager,
  request: FastifyRequest,
  reply: FastifyReply,
  requestId: string,
): Promise<{ searchRequest: SearchRequest; runs: ModelRun[] }> {
  return loadRequestForViewer(em, requestId, async () => ({
    userId: (await request.currentSession(reply))?.user.id,
    anonymousSessionId: request.clientIdentity.anonymousSessionId,
  }));
}

/**
 * `loadOwnRequest` for callers without an HTTP reply (a WebSocket message). The viewer is looked up only once the
 * request exists, as the HTTP endpoints do, so an unknown id costs no session lookup.
 */
export async function loadRequestForViewer(
  em: EntityManager,
  requestId: string,
  viewer: () => Promise<RequestViewer>,
): Promise<{ searchRequest: SearchRequest; runs: ModelRun[] }> {
  const notFound = new AppError('NOT_FOUND', 'Request not found');
  if (!UUID.test(requestId)) throw notFound;
  const searchRequest = await em.findOne(SearchRequest, requestId);
  if (!searchRequest) throw notFound;
  const { userId, anonymousSessionId } = await viewer();
  const owned = searchRequest.user
    ? userId === searchRequest.user.id
    : searchRequest.guestSessionId !== null && searchRequest.guestSessionId === anonymousSessionId;
  if (!owned) throw notFound;
  const runs = await em.find(ModelRun, { request: requestId }, { orderBy: { position: 'asc' } });
  return { searchRequest, runs };
}
