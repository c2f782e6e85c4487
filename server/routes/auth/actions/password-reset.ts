import { User } from '../../../../core/database/entities/user.ts';
import { requireEmail, requirePassword } from '../../../auth/account-fields.ts';
import { consumeAccountToken, issuePasswordReset, looksLikeToken, RESET_LINK_EXPIRED, RESET_LINK_INVALID } from '../../../auth/account-tokens.ts';
import { hashPassword } from '../../../auth/password-hashing.ts';
import { AppError } from '../../../errors/app-error.ts';
import { passwordResetMail } from '../../../mail/account-mails.ts';
import { sendInBackground, signIn, type AuthAction } from '../auth-action.ts';

export const RESET_REQUESTED_MESSAGE = 'If an account uses this address, we have emailed it a link to reset the password. The link is valid for 1 hour.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. You are now signed in, and every other device has been signed out.';

export function passwordResetLink(appUrl: string, token: string): string {
  const url = new URL('/reset-password', appUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * `POST ?action=request-password-reset {email}`. The same answer, status and work whether or not the address has an
 * account: one statement makes the token and stores it only for an account, and the mail leaves after the answer.
 */
export const requestPasswordReset: AuthAction = async (context) => {
  const { app, body } = context;
  const email = requireEmail(body.email);
  const { token, recipient } = await issuePasswordReset(app.orm.em.fork(), email);
  if (recipient) sendInBackground(context, passwordResetMail(email, recipient.name, passwordResetLink(app.config.server.appUrl, token), recipient.hasPassword));
  return { message: RESET_REQUESTED_MESSAGE };
};

/**
 * `POST ?action=reset-password {token, password}`: uses the link once, sets the password, signs the account out
 * everywhere and in on this browser. Opening the mailed link also proves the address, so it counts as verified.
 */
export const resetPassword: AuthAction = async (context) => {
  const { app, body } = context;
  if (!looksLikeToken(body.token)) throw new AppError('VALIDATION_ERROR', RESET_LINK_INVALID);
  const passwordHash = await hashPassword(requirePassword(body.password));
  const token = body.token;
  const em = app.orm.em.fork();
  const user = await em.transactional(async (transaction) => {
    const used = await consumeAccountToken(transaction, 'password_reset', token, { invalid: RESET_LINK_INVALID, expired: RESET_LINK_EXPIRED });
    const person = await transaction.findOneOrFail(User, used.userId);
    person.passwordHash = passwordHash;
    person.emailVerified = true;
    await transaction.flush();
    await app.sessions.revokeAllBut(transaction, person.id, null);
    return person;
  });
  return { message: PASSWORD_RESET_MESSAGE, ...(await signIn(context, user)) };
};
