import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { serializeHistoryItem } from '../../../core/requests/history-item.ts';
import { loadRequestHistory } from '../../../core/requests/request-history-repository.ts';
import { deleteOwnRequest, DELETE_REQUEST_TEXTS } from '../../../core/requests/delete-request.ts';
import { blindUnrevealedRounds } from '../../../core/arena/blind-history.ts';
import { success } from '../../../contract/envelope.ts';
import { HistoryDeleted, HistoryItemParams, HistoryList, HistoryQuery } from '../../../contract/history.ts';
import { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT } from '../../../contract/limits.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

/**
 * `GET /api/user-requests?limit=&offset=&search=`: the signed-in user's requests, newest first, a page at a time,
 * optionally only those whose question contains `search`; each with its kind and every model's result and versions
 * (a comparison's `response` is a JSON string holding its results list, for older clients). `DELETE
 * /api/user-requests/:id` removes one. Registered users only.
 */
const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const listSchema = {
    summary: 'Your requests, newest first',
    description: 'A page of `limit` (default 20) after skipping `offset`; with `search`, only questions containing it. A regenerated answer is a version inside its request, not an entry.',
    tags: ['History'],
    querystring: HistoryQuery,
    response: jsonResponses(HistoryList, ['VALIDATION_ERROR', 'UNAUTHORIZED']),
  };
  app.get('/user-requests', { schema: listSchema, config: { signIn: 'required' } }, async (request, reply) => {
    const session = request.signedIn;
    const limit = Math.min(HISTORY_MAX_LIMIT, Math.max(1, Number(request.query.limit ?? HISTORY_DEFAULT_LIMIT)));
    const offset = Number(request.query.offset ?? 0);
    const em = app.orm.em.fork();
    const page = await loadRequestHistory(em, session.user.id, { limit, offset, search: request.query.search ?? '' });
    reply.header('cache-control', 'no-store');
    return success({ total: page.total, requests: (await blindUnrevealedRounds(em, page.rows)).map(serializeHistoryItem) });
  });

  const deleteSchema = {
    summary: 'Delete one of your requests',
    description: 'With its regenerated versions. Refused while a model is still answering, and for arena rounds. Credits already charged stay charged.',
    tags: ['History'],
    params: HistoryItemParams,
    response: jsonResponses(HistoryDeleted, ['VALIDATION_ERROR', 'UNAUTHORIZED', 'NOT_FOUND']),
  };
  app.delete('/user-requests/:id', { schema: deleteSchema, config: { signIn: 'required' } }, async (request) => {
    const session = request.signedIn;
    await deleteOwnRequest(app.orm.em.fork(), session.user.id, request.params.id);
    return success({ id: request.params.id, message: DELETE_REQUEST_TEXTS.deleted });
  });
};

export default historyRoutes;
