import { setTimeout } from 'node:timers/promises';
import { requireEmail, requirePassword } from '../../../../core/accounts/account-fields.ts';
import { consumeAccountToken, issuePasswordReset, looksLikeToken, RESET_LINK_EXPIRED, RESET_LINK_INVALID } from '../../../../core/accounts/account-tokens.ts';
import { hashPassword } from '../../../../core/accounts/password-hashing.ts';
import { setAccountPassword } from '../../../../core/accounts/user-records.ts';
import { AppError } from '../../../../core/errors/app-error.ts';
import { passwordResetMail } from '../../../../core/mail/account-mails.ts';
import { passwordResetNotice } from '../../../../core/mail/account-recovery-mails.ts';
import { endOtherWaysIn, recoveryReport, withCancelledEmailChanges } from '../../../../core/accounts/account-recovery.ts';
import { sendInBackground, signIn, type AuthAction } from '../auth-action.ts';

/**
 * Both branches answer no sooner than this after the request arrived. The work is the same on both (one statement,
 * the mail after the answer), so this is a margin for what is left: a row written or not, a page of the index read or
 * not, the event loop's other guests. It plays the part a mail queue's round trip would.
 */
export const RESET_ANSWER_FLOOR_MS = 150;

export const RESET_REQUESTED_MESSAGE = 'If an account uses this address, we have emailed it a link to reset the password. The link is valid for 1 hour.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. You are now signed in, and every other device has been signed out.';

export function passwordResetLink(appUrl: string, token: string): string {
  const url = new URL('/reset-password', appUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * `POST ?action=request-password-reset {email}`. The same answer, status and work whether or not the address has an
 * account: one statement makes the token and stores it only for an account, and the mail leaves after the answer, and both answer after the same floor.
 */
export const requestPasswordReset: AuthAction = async (context) => {
  const { app, body } = context;
  const answerAt = performance.now() + RESET_ANSWER_FLOOR_MS;
  const email = requireEmail(body.email);
  const { token, recipient } = await issuePasswordReset(app.orm.em.fork(), email);
  if (recipient) sendInBackground(context, passwordResetMail(email, recipient.name, passwordResetLink(app.config.server.appUrl, token), recipient.hasPassword));
  await setTimeout(Math.max(0, answerAt - performance.now()));
  return { message: RESET_REQUESTED_MESSAGE };
};

/**
 * `POST ?action=reset-password {token, password}`: uses the link once, sets the password, signs the account out
 * everywhere and in on this browser, and cancels pending address changes; a mail then says so and lists the
 * account's live API keys. Opening the mailed link also proves the address, so it counts as verified.
 */
export const resetPassword: AuthAction = async (context) => {
  const { app, body } = context;
  if (!looksLikeToken(body.token)) throw new AppError('VALIDATION_ERROR', RESET_LINK_INVALID);
  const passwordHash = await hashPassword(requirePassword(body.password));
  const token = body.token;
  const em = app.orm.em.fork();
  // The new password and the end of every other way in (sessions, pending address changes) commit together.
  const { user, ended } = await em.transactional(async (transaction) => {
    const used = await consumeAccountToken(transaction, 'password_reset', token, { invalid: RESET_LINK_INVALID, expired: RESET_LINK_EXPIRED });
    // Opening the mailed link proves the address too.
    const person = await setAccountPassword(transaction, used.userId, passwordHash, { verifiesAddress: true });
    return { user: person, ended: await endOtherWaysIn(transaction, app.sessions, person.id, null) };
  });
  await app.sessions.forgetEverywhere({ userId: user.id });
  const appUrl = new URL('/', app.config.server.appUrl).toString();
  const report = await recoveryReport(em, user.id, ended.cancelledEmailChanges, appUrl);
  sendInBackground(context, passwordResetNotice(user.email, user.name, appUrl, report));
  return { message: withCancelledEmailChanges(PASSWORD_RESET_MESSAGE, ended.cancelledEmailChanges), ...(await signIn(context, user)) };
};
