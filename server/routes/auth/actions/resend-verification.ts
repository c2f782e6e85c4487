import { User } from '../../../../core/database/entities/user.ts';
import { requireEmail } from '../../../../core/accounts/account-fields.ts';
import { issueVerificationToken, verificationLink } from '../../../../core/accounts/email-verification.ts';
import { addressWasGranted } from '../../../../core/credits/requester.ts';
import { AppError } from '../../../../core/errors/app-error.ts';
import { verificationMail } from '../../../../core/mail/account-mails.ts';
import { sendInBackground, type AuthAction } from '../auth-action.ts';

const SENT_MESSAGE = 'If this address has an account waiting for verification, we have sent a new link.';

function minutesAndSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  return `${minutes}:${String(totalSeconds % 60).padStart(2, '0')}`;
}

/**
 * Sends a fresh link, at most 3 times and not within 5 minutes of the last one. The limits apply per address
 * whether or not it has an account, and the answer is the same, so this cannot be used to probe for accounts.
 */
export const resendVerification: AuthAction = async (context) => {
  const { app, body } = context;
  const email = requireEmail(body.email);
  const decision = await app.verificationMailLimits.claimResend(email);
  if (!decision.allowed && decision.remainingAttempts === 0) {
    throw new AppError('RATE_LIMIT_ERROR', 'You have reached the maximum number of verification emails. Please contact support.', {
      data: { remainingAttempts: 0 },
    });
  }
  if (!decision.allowed) {
    const error = new AppError('RATE_LIMIT_ERROR', `Please wait ${minutesAndSeconds(decision.retryAfterSeconds)} before requesting another email.`, {
      data: { remainingAttempts: decision.remainingAttempts, retryAfterSeconds: decision.retryAfterSeconds },
    });
    (error as AppError & { retryAfterSeconds: number }).retryAfterSeconds = decision.retryAfterSeconds;
    throw error;
  }
  const em = app.orm.em.fork();
  const user = await em.findOne(User, { email });
  if (user && !user.emailVerified) {
    const token = await issueVerificationToken(em, user);
    const freeCredits = !(await addressWasGranted(em, app.config.appSecret, email));
    sendInBackground(context, verificationMail(email, user.name, verificationLink(app.config.server.appUrl, email, token), freeCredits));
  }
  return { message: SENT_MESSAGE, remainingAttempts: decision.remainingAttempts };
};
