import type { User } from '../database/index.ts';
import { AppError } from '../errors/index.ts';
import { passwordResetMail } from './account-mails.ts';
import { passwordResetNotice } from './account-recovery-mails.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { requireEmail, requirePassword } from './account-fields.ts';
import { endOtherWaysIn, recoveryReport, withCancelledEmailChanges } from './account-recovery.ts';
import type { AccountServices } from './account-services.ts';
import { consumeAccountToken, issuePasswordReset, looksLikeToken, RESET_LINK_EXPIRED, RESET_LINK_INVALID } from './account-tokens.ts';
import { hashPassword } from './password-hashing.ts';
import { setAccountPassword } from './user-records.ts';

export const RESET_REQUESTED_MESSAGE = 'If an account uses this address, we have emailed it a link to reset the password. The link is valid for 1 hour.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. You are now signed in, and every other device has been signed out.';

export function passwordResetLink(appUrl: string, token: string): string {
  const url = new URL('/reset-password', appUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * A reset link for the address, if it has an account. The same work either way: one statement makes the token and
 * stores it only for an account; the door sends the mail after its answer, so the answer's timing tells nothing.
 */
export async function requestPasswordResetLink(services: AccountServices, body: Record<string, unknown>): Promise<{ mail: OutgoingMail | null }> {
  const email = requireEmail(body.email);
  const { token, recipient } = await issuePasswordReset(services.em(), email);
  if (!recipient) return { mail: null };
  return { mail: passwordResetMail(email, recipient.name, passwordResetLink(services.appUrl, token), recipient.hasPassword) };
}

/**
 * Uses the link once, sets the password, ends every other way in (sessions, pending address changes) in the same
 * transaction, and says so in a mail that lists the account's live API keys. Opening the mailed link also proves
 * the address, so it counts as verified. The door signs the person in on this browser.
 */
export async function resetPasswordWithLink(
  services: AccountServices,
  body: Record<string, unknown>,
): Promise<{ user: User; message: string; mail: OutgoingMail }> {
  if (!looksLikeToken(body.token)) throw new AppError('VALIDATION_ERROR', RESET_LINK_INVALID);
  const passwordHash = await hashPassword(requirePassword(body.password));
  const token = body.token;
  const em = services.em();
  const { user, ended } = await em.transactional(async (transaction) => {
    const used = await consumeAccountToken(transaction, 'password_reset', token, { invalid: RESET_LINK_INVALID, expired: RESET_LINK_EXPIRED });
    const person = await setAccountPassword(transaction, used.userId, passwordHash, { verifiesAddress: true });
    return { user: person, ended: await endOtherWaysIn(transaction, services.sessions, person.id, null) };
  });
  await services.sessions.forgetEverywhere({ userId: user.id });
  const appUrl = new URL('/', services.appUrl).toString();
  const report = await recoveryReport(em, user.id, ended.cancelledEmailChanges, appUrl);
  return {
    user,
    message: withCancelledEmailChanges(PASSWORD_RESET_MESSAGE, ended.cancelledEmailChanges),
    mail: passwordResetNotice(user.email, user.name, appUrl, report),
  };
}
