import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { SearchRequest } from '../../core/database/entities/search-request.ts';
import { AppError } from '../errors/app-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Loads a request the caller may see: its signed-in owner, or, for a guest's request, the anonymous session that
 * asked it. Anyone else gets the same 404 as for a request that does not exist, so ids cannot be probed.
 */
export async function loadOwnRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  requestId: string,
): Promise<{ searchRequest: SearchRequest; runs: ModelRun[] }> {
  const notFound = new AppError('NOT_FOUND', 'Request not found');
  if (!UUID.test(requestId)) throw notFound;
  const em = app.orm.em.fork();
  const searchRequest = await em.findOne(SearchRequest, requestId);
  if (!searchRequest) throw notFound;
  const session = await request.currentSession(reply);
  const owned = searchRequest.user
    ? session?.user.id === searchRequest.user.id
    : searchRequest.guestSessionId !== null && searchRequest.guestSessionId === request.clientIdentity.anonymousSessionId;
  if (!owned) throw notFound;
  const runs = await em.find(ModelRun, { request: requestId }, { orderBy: { position: 'asc' } });
  return { searchRequest, runs };
}
