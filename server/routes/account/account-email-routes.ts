import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChangeEmailBody, ConfirmEmailChangeBody, EmailChanged, EmailChangeRequested } from '../../../contract/account.ts';
import { success } from '../../../contract/envelope.ts';
import { User } from '../../../core/database/index.ts';
import {
  checkCurrentPassword,
  confirmAddressChange,
  EMAIL_CHANGE_LINK_INVALID,
  emailChangedNotice,
  emailChangeMail,
  emailChangeTakenMail,
  issueEmailChange,
  looksLikeToken,
  requireEmail,
} from '../../../core/accounts/index.ts';
import { normaliseEmail } from '../../../core/text/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';
import { limitedPerAddress, sendLater, tags } from './account-route-helpers.ts';

/**
 * Changing your email address: asking for it (signed in), then confirming it through the link mailed to the new
 * address, which is its own proof and may be opened on another device.
 */
export const accountEmailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/account/email',
    {
      schema: {
        summary: 'Change your email address',
        description:
          'Mails a confirmation link (valid 24 hours) to the new address; the account moves there only when it is opened, and the old address is ' +
          'then told. The answer is the same when the new address already has an account (that address is mailed instead).',
        tags,
        body: ChangeEmailBody,
        response: jsonResponses(EmailChangeRequested, ['VALIDATION_ERROR', 'UNAUTHORIZED', 'RATE_LIMIT_ERROR']),
      },
      config: { ...limitedPerAddress(app, 'email', 10), signIn: 'required' },
    },
    async (request, reply) => {
      const { user } = request.signedIn;
      const email = requireEmail(request.body.email);
      if (email === user.email) throw new AppError('VALIDATION_ERROR', 'This is already your email address.');
      const em = app.orm.em.fork();
      await checkCurrentPassword(em, user.id, request.body.currentPassword);
      const taken = await em.findOne(User, { email: normaliseEmail(email) });
      if (taken) {
        sendLater(app, request, emailChangeTakenMail(email, new URL('/', app.config.server.appUrl).toString()));
      } else {
        const token = await issueEmailChange(em, user.id, email);
        const link = new URL('/confirm-email', app.config.server.appUrl);
        link.searchParams.set('token', token);
        sendLater(app, request, emailChangeMail(email, user.name, link.toString()));
      }
      return success({ message: `We have sent a confirmation link to ${email}. Your address changes when you open it.`, pendingEmail: email });
    },
  );

  app.post(
    '/account/email/confirm',
    {
      schema: {
        summary: 'Confirm a new email address',
        description: 'Uses the link mailed to the new address, once. No session is needed: the link is the proof.',
        tags,
        body: ConfirmEmailChangeBody,
        response: jsonResponses(EmailChanged, ['VALIDATION_ERROR', 'RATE_LIMIT_ERROR']),
      },
      config: limitedPerAddress(app, 'email-confirm', 20),
    },
    async (request, reply) => {
      if (!looksLikeToken(request.body.token)) throw new AppError('VALIDATION_ERROR', EMAIL_CHANGE_LINK_INVALID);
      reply.header('cache-control', 'no-store');
      const change = await confirmAddressChange(app.orm.em.fork(), app.config.appSecret, request.body.token);
      await app.sessions.forgetEverywhere({ userId: change.user.id });
      if (change.oldEmail !== change.newEmail) {
        sendLater(app, request, emailChangedNotice(change.oldEmail, change.user.name, change.newEmail, app.config.site.supportEmail));
      }
      return success({ message: `Your email address is now ${change.newEmail}.`, email: change.newEmail });
    },
  );
};
