import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountSessions, SessionsSignedOut } from '../../../contract/account.ts';
import { success } from '../../../contract/envelope.ts';
import { listSessions } from '../../../core/accounts/account-settings.ts';
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
        description: 'Ends every session of the account but the one asking.',
        tags,
        response: jsonResponses(SessionsSignedOut, ['UNAUTHORIZED']),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const { user, session } = request.signedIn;
      const ended = await app.sessions.revokeAllBut(app.orm.em.fork(), user.id, session.id);
      await app.sessions.forgetEverywhere({ userId: user.id });
      return success({ message: ended === 1 ? 'Signed out 1 other device.' : `Signed out ${ended} other devices.`, signedOutSessions: ended });
    },
  );
};
