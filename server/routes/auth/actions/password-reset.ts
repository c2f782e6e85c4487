import { setTimeout } from 'node:timers/promises';
import { RESET_REQUESTED_MESSAGE, requestPasswordResetLink, resetPasswordWithLink } from '../../../../core/accounts/index.ts';
import { sendInBackground, signIn, type AuthAction } from '../auth-action.ts';

/**
 * Both branches answer no sooner than this after the request arrived. The work is the same on both (one statement,
 * the mail after the answer), so this is a margin for what is left: a row written or not, a page of the index read or
 * not, the event loop's other guests. It plays the part a mail queue's round trip would.
 */
export const RESET_ANSWER_FLOOR_MS = 150;

/** `POST ?action=request-password-reset {email}`: the same answer, status and time whether or not the address has an account. */
export const requestPasswordReset: AuthAction = async (context) => {
  const answerAt = performance.now() + RESET_ANSWER_FLOOR_MS;
  const { mail } = await requestPasswordResetLink(context.services, context.body);
  sendInBackground(context, mail);
  await setTimeout(Math.max(0, answerAt - performance.now()));
  return { message: RESET_REQUESTED_MESSAGE };
};

/** `POST ?action=reset-password {token, password}`: the account rules reset; this browser is signed in. */
export const resetPassword: AuthAction = async (context) => {
  const { user, message, mail } = await resetPasswordWithLink(context.services, context.body);
  sendInBackground(context, mail);
  return { message, ...(await signIn(context, user)) };
};
