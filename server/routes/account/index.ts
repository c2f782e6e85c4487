import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AccountSessions,
  ChangeEmailBody,
  ChangeNameBody,
  ChangePasswordBody,
  ConfirmEmailChangeBody,
  EmailChanged,
  EmailChangeRequested,
  NameChanged,
  SessionsSignedOut,
} from '../../../contract/account.ts';
import { success } from '../../../contract/envelope.ts';
import { User } from '../../../core/database/entities/user.ts';
import { checkCurrentPassword, confirmAddressChange, listSessions } from '../../../core/accounts/account-settings.ts';
import { normaliseEmail, requireEmail, requireName, requirePassword } from '../../../core/accounts/account-fields.ts';
import { EMAIL_CHANGE_LINK_INVALID, issueEmailChange, looksLikeToken } from '../../../core/accounts/account-tokens.ts';
import { hashPassword } from '../../../core/accounts/password-hashing.ts';
import { publicUser } from '../../../core/accounts/public-user.ts';
import { AppError } from '../../../core/errors/app-error.ts';
import { emailChangedNotice, emailChangeMail, emailChangeTakenMail, passwordChangedNotice } from '../../../core/mail/account-mails.ts';
import type { OutgoingMail } from '../../../core/mail/mailer.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

const tags = ['Accounts'];
const FIFTEEN_MINUTES_MS = 15 * 60_000;

/**
 * `/api/account/…`: the Settings page's calls. Each needs a signed-in session (a 401 `UNAUTHORIZED` otherwise),
 * except confirming a new address, whose mailed link is its own proof and may be opened on another device.
 */
const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const scale = app.config.auth.rateLimitScale;
  /** Per address, like the sign-in actions: a stolen session must not become a way to guess the password. */
  const limited = (name: string, max: number) => ({
    rateLimit: { max: max * scale, timeWindow: FIFTEEN_MINUTES_MS, keyGenerator: (request: FastifyRequest) => `account:${name}:${request.ip}` },
  });

  /** Mail leaves after the answer (as in the auth actions); a failure is logged. */
  const sendLater = (request: FastifyRequest, mail: OutgoingMail) =>
    void app.mailer.send(mail).catch((error: unknown) => request.log.error({ err: error, to: mail.to }, 'mail could not be sent'));

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
      return success({ message: ended === 1 ? 'Signed out 1 other device.' : `Signed out ${ended} other devices.`, signedOutSessions: ended });
    },
  );

  app.patch(
    '/account/profile',
    {
      schema: { summary: 'Change your name', tags, body: ChangeNameBody, response: jsonResponses(NameChanged, ['VALIDATION_ERROR', 'UNAUTHORIZED']) },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const { user } = request.signedIn;
      const name = requireName(request.body.name);
      const em = app.orm.em.fork();
      const person = await em.findOneOrFail(User, user.id);
      person.name = name;
      await em.flush();
      return success({ message: 'Your name has been updated.', user: publicUser(person) });
    },
  );

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
      config: { ...limited('email', 10), signIn: 'required' },
    },
    async (request, reply) => {
      const { user } = request.signedIn;
      const email = requireEmail(request.body.email);
      if (email === user.email) throw new AppError('VALIDATION_ERROR', 'This is already your email address.');
      const em = app.orm.em.fork();
      await checkCurrentPassword(em, user.id, request.body.currentPassword);
      const taken = await em.findOne(User, { email: normaliseEmail(email) });
      if (taken) {
        sendLater(request, emailChangeTakenMail(email, new URL('/', app.config.server.appUrl).toString()));
      } else {
        const token = await issueEmailChange(em, user.id, email);
        const link = new URL('/confirm-email', app.config.server.appUrl);
        link.searchParams.set('token', token);
        sendLater(request, emailChangeMail(email, user.name, link.toString()));
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
      config: limited('email-confirm', 20),
    },
    async (request, reply) => {
      if (!looksLikeToken(request.body.token)) throw new AppError('VALIDATION_ERROR', EMAIL_CHANGE_LINK_INVALID);
      reply.header('cache-control', 'no-store');
      const change = await confirmAddressChange(app.orm.em.fork(), app.config.appSecret, request.body.token);
      if (change.oldEmail !== change.newEmail) {
        sendLater(request, emailChangedNotice(change.oldEmail, change.user.name, change.newEmail, app.config.site.supportEmail));
      }
      return success({ message: `Your email address is now ${change.newEmail}.`, email: change.newEmail });
    },
  );

  app.post(
    '/account/password',
    {
      schema: {
        summary: 'Change your password',
        description: 'Needs the current password. Every other device is signed out; this one stays signed in.',
        tags,
        body: ChangePasswordBody,
        response: jsonResponses(SessionsSignedOut, ['VALIDATION_ERROR', 'UNAUTHORIZED', 'RATE_LIMIT_ERROR']),
      },
      config: { ...limited('password', 10), signIn: 'required' },
    },
    async (request, reply) => {
      const { user, session } = request.signedIn;
      const em = app.orm.em.fork();
      const { hasPassword } = await checkCurrentPassword(em, user.id, request.body.currentPassword);
      // A Google-only account sets its first password through a mailed link, which proves the address.
      if (!hasPassword) throw new AppError('VALIDATION_ERROR', 'Your account signs in with Google and has no password yet. Use "Set a password" to get a link by email.');
      const passwordHash = await hashPassword(requirePassword(request.body.newPassword));
      const ended = await em.transactional(async (transaction) => {
        await transaction.execute(`update users set password_hash = ?, updated_at = now() where id = ?`, [passwordHash, user.id]);
        return app.sessions.revokeAllBut(transaction, user.id, session.id);
      });
      sendLater(request, passwordChangedNotice(user.email, user.name, new URL('/', app.config.server.appUrl).toString()));
      return success({ message: 'Your password has been changed. Every other device has been signed out.', signedOutSessions: ended });
    },
  );
};

export default accountRoutes;
