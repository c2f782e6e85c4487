import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CREDIT_HISTORY_DEFAULT_LIMIT, CREDIT_HISTORY_MAX_LIMIT, CreditHistory, CreditHistoryQuery } from '../../../contract/credit-history.ts';
import { success } from '../../../contract/envelope.ts';
import { creditHistoryOf } from '../../../core/credits/index.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

/** `GET /api/credits/history?limit=&before=`: the signed-in person's history of credits, newest first, a page at a time. */
const creditHistoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/credits/history',
    {
      schema: {
        summary: 'Your history of credits, newest first',
        description:
          'Every change to your credits: the welcome credits, purchases, each answer’s charge (with its model), refunds, and credits added by the operator (with the reason they gave) or with the demo button. Page with `before`.',
        tags: ['Credits'],
        querystring: CreditHistoryQuery,
        response: jsonResponses(CreditHistory, ['VALIDATION_ERROR', 'UNAUTHORIZED']),
      },
      config: { signIn: 'required', signInMessage: 'Sign in to see your history of credits.' },
    },
    async (request, reply) => {
      const limit = Math.min(CREDIT_HISTORY_MAX_LIMIT, Math.max(1, Number(request.query.limit ?? CREDIT_HISTORY_DEFAULT_LIMIT)));
      const history = await creditHistoryOf(app.orm.em.fork(), request.signedIn.user.id, { limit, before: request.query.before });
      reply.header('cache-control', 'no-store');
      return success(history);
    },
  );
};

export default creditHistoryRoutes;
