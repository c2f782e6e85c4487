import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors/app-error.ts';
import { serializeHistoryItem } from '../../requests/history-item.ts';
import { loadRequestHistory } from '../../requests/request-history-repository.ts';
import { blindUnrevealedRounds } from '../../arena/blind-history.ts';
import { success } from '../../../contract/envelope.ts';
import { HistoryList, HistoryQuery } from '../../../contract/history.ts';
import { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT } from '../../../contract/limits.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

/**
 * `GET /api/user-requests?limit=`: the signed-in user's requests, newest first, each with its kind and every model's result (a
 * comparison's `response` is a JSON string holding its results list, for older clients). Registered users only.
 */
const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const schema = {
    summary: 'Your requests, newest first',
    tags: ['History'],
    querystring: HistoryQuery,
    response: jsonResponses(HistoryList, ['VALIDATION_ERROR', 'UNAUTHORIZED']),
  };
  app.get('/user-requests', { schema }, async (request, reply) => {
    const session = await request.currentSession(reply);
    if (!session) throw new AppError('UNAUTHORIZED', 'Session expired');
    const limit = Math.min(HISTORY_MAX_LIMIT, Math.max(1, Number(request.query.limit ?? HISTORY_DEFAULT_LIMIT)));
    const em = app.orm.em.fork();
    const page = await loadRequestHistory(em, session.user.id, limit);
    reply.header('cache-control', 'no-store');
    return success({ total: page.total, requests: (await blindUnrevealedRounds(em, page.rows)).map(serializeHistoryItem) });
  });
};

export default historyRoutes;
