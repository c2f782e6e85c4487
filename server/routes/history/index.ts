import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ModelRun } from '../../../core/database/entities/model-run.ts';
import { SearchRequest } from '../../../core/database/entities/search-request.ts';
import { AppError } from '../../errors/app-error.ts';
import { runResult } from '../../requests/request-results.ts';
import { success } from '../../../contract/envelope.ts';
import { HistoryList, HistoryQuery } from '../../../contract/history.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

/**
 * `GET /api/user-requests?limit=`: the signed-in user's requests, newest first, shaped as the spec's Request
 * (section 3). A comparison's `response` is a JSON string holding its results list. Registered users only.
 */
const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/user-requests', {
      schema: {
        summary: 'Your requests, newest first',
        tags: ['History'],
        querystring: HistoryQuery,
        response: jsonResponses(HistoryList, ['VALIDATION_ERROR', 'UNAUTHORIZED']),
      },
    }, async (request, reply) => {
    const session = await request.currentSession(reply);
    if (!session) throw new AppError('UNAUTHORIZED', 'Session expired');
    const limit = Math.min(MAX_LIMIT, Math.max(1, Number(request.query.limit ?? DEFAULT_LIMIT)));
    const em = app.orm.em.fork();
    const [requests, total] = await em.findAndCount(SearchRequest, { user: session.user.id }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
    const runs = requests.length === 0 ? [] : await em.find(ModelRun, { request: { $in: requests.map((entry) => entry.id) } }, { orderBy: { position: 'asc' } });
    reply.header('cache-control', 'no-store');
    return success({
      total,
      requests: requests.map((entry) => {
        const own = runs.filter((run) => run.request.id === entry.id);
        const comparison = entry.engine.startsWith('comparison');
        const results = own.map(runResult);
        return {
          id: entry.id,
          query: entry.query,
          response: comparison ? JSON.stringify({ results }) : (results[0]?.response ?? null),
          status: entry.status,
          errorMessage: entry.errorMessage ?? null,
          engine: entry.engine,
          model: entry.model,
          createdAt: entry.createdAt.toISOString(),
          completedAt: entry.completedAt?.toISOString() ?? null,
          creditsUsed: results.reduce((sum, result) => sum + result.creditsUsed, 0),
          searchEnabled: entry.searchEnabled,
          brandMonitoringEnabled: entry.brandMonitoringEnabled,
          brandConfig: entry.brandConfig ?? null,
          results,
        };
      }),
    });
  });
};

export default historyRoutes;
