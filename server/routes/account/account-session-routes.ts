import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountSessions, SessionsSignedOut } from '../../../contract/account.ts';
import { success } from '../../../contract/envelope.ts';
import { endOtherWaysIn, listSessions, withCancelledEmailChanges } from '../../../core/accounts/index.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

import { tags } from './account-route-helpers.ts';

/**
 * Your signed-in devices: list them, and sign out every other one.
 */
export const accountSessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/account/sessions',
    { schema: { summary: 'Your signed-in devices', tags, response: jsonResponses(AccountSessions, ['UNAUTHORIZED']) }, config: { signIn: 'required' } },
    async (request, reply) => {
      const { user, session } = request.signedIn;
      return success({ sessions: await listSessions(app.orm.em.fork(), user.id, session.id) });
    },
  );

  app.post(
    '/account/sessions/sign-out-others',
    {
      schema: {
        summary: 'Sign out every other device',
        description: 'Ends every session of the account but the one asking, and cancels its pending email changes (the answer names them).',
        tags,
        response: jsonResponses(SessionsSignedOut, ['UNAUTHORIZED']),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const { user, session } = request.signedIn;
      // Someone signed in elsewhere may have asked to move the account to their address: that ends with their session.
      const ended = await app.orm.em.fork().transactional((transaction) => endOtherWaysIn(transaction, app.sessions, user.id, session.id));
      await app.sessions.forgetEverywhere({ userId: user.id });
      const count = ended.signedOutSessions;
      const message = count === 1 ? 'Signed out 1 other device.' : `Signed out ${count} other devices.`;
      return success({ message: withCancelledEmailChanges(message, ended.cancelledEmailChanges), signedOutSessions: count });
    },
  );
};
