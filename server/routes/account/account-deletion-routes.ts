import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountDeletionCost } from '../../../contract/account.ts';
import { success } from '../../../contract/envelope.ts';
import { accountDeletionCost } from '../../../core/accounts/index.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';
import { tags } from './account-route-helpers.ts';

/**
 * What deleting the account would forfeit, for the dialog that asks first. The deletion itself stays
 * `POST /api/auth?action=delete-account`, without a body.
 */
export const accountDeletionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/account/deletion-cost',
    {
      schema: {
        summary: 'What deleting your account would forfeit',
        description: 'The credit balance, and per currency what was paid by card for credits and what it bought (less refunds). Nothing is refunded on deletion.',
        tags,
        response: jsonResponses(AccountDeletionCost, ['UNAUTHORIZED']),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return success(await accountDeletionCost(app.orm.em.fork(), request.signedIn.user.id));
    },
  );
};
