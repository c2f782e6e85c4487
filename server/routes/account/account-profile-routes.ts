import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChangeNameBody, ChangePasswordBody, NameChanged, SessionsSignedOut } from '../../../contract/account.ts';
import { success } from '../../../contract/envelope.ts';
import {
  checkCurrentPassword,
  endOtherWaysIn,
  hashPassword,
  passwordChangedNotice,
  publicUser,
  recoveryReport,
  renameAccount,
  requireName,
  requirePassword,
  setAccountPassword,
  withCancelledEmailChanges,
} from '../../../core/accounts/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';
import { limitedPerAddress, sendLater, tags } from './account-route-helpers.ts';

/**
 * Your name and your password.
 */
export const accountProfileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.patch(
    '/account/profile',
    {
      schema: { summary: 'Change your name', tags, body: ChangeNameBody, response: jsonResponses(NameChanged, ['VALIDATION_ERROR', 'UNAUTHORIZED']) },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const { user } = request.signedIn;
      const name = requireName(request.body.name);
      const person = await renameAccount(app.orm.em.fork(), user.id, name);
      // Cached sessions carry the person's name: every server reads it afresh.
      await app.sessions.forgetEverywhere({ userId: user.id });
      return success({ message: 'Your name has been updated.', user: publicUser(person) });
    },
  );

  app.post(
    '/account/password',
    {
      schema: {
        summary: 'Change your password',
        description:
          'Needs the current password. Every other device is signed out and pending email changes are cancelled, in the same transaction; this one ' +
          'stays signed in. The mail that follows says so and lists the live API keys with their last use.',
        tags,
        body: ChangePasswordBody,
        response: jsonResponses(SessionsSignedOut, ['VALIDATION_ERROR', 'UNAUTHORIZED', 'RATE_LIMIT_ERROR']),
      },
      config: { ...limitedPerAddress(app, 'password', 10), signIn: 'required' },
    },
    async (request, reply) => {
      const { user, session } = request.signedIn;
      const em = app.orm.em.fork();
      const { hasPassword } = await checkCurrentPassword(em, user.id, request.body.currentPassword);
      // A Google-only account sets its first password through a mailed link, which proves the address.
      if (!hasPassword) throw new AppError('VALIDATION_ERROR', 'Your account signs in with Google and has no password yet. Use "Set a password" to get a link by email.');
      const passwordHash = await hashPassword(requirePassword(request.body.newPassword));
      // The new password and the end of every other way in commit together: none outlives the change.
      const ended = await em.transactional(async (transaction) => {
        await setAccountPassword(transaction, user.id, passwordHash, { verifiesAddress: false });
        return endOtherWaysIn(transaction, app.sessions, user.id, session.id);
      });
      await app.sessions.forgetEverywhere({ userId: user.id });
      const appUrl = new URL('/', app.config.server.appUrl).toString();
      const report = await recoveryReport(em, user.id, ended.cancelledEmailChanges, appUrl);
      sendLater(app, request, passwordChangedNotice(user.email, user.name, appUrl, report));
      return success({
        message: withCancelledEmailChanges('Your password has been changed. Every other device has been signed out.', ended.cancelledEmailChanges),
        signedOutSessions: ended.signedOutSessions,
      });
    },
  );
};
