import { User } from '../database/index.ts';
import { addressWasGranted } from '../credits/index.ts';
import { AppError } from '../errors/index.ts';
import { verificationMail } from './account-mails.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { requireEmail } from './account-fields.ts';
import type { AccountServices } from './account-services.ts';
import { issueVerificationToken, verificationLink } from './email-verification.ts';

const SENT_MESSAGE = 'If this address has an account waiting for verification, we have sent a new link.';

function minutesAndSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  return `${minutes}:${String(totalSeconds % 60).padStart(2, '0')}`;
}

/**
 * A fresh link, at most 3 times and not within 5 minutes of the last one. The limits apply per address whether or
 * not it has an account, and the answer is the same, so this cannot be used to probe for accounts.
 */
export async function resendVerificationLink(
  services: AccountServices,
  body: Record<string, unknown>,
): Promise<{ answer: { message: string; remainingAttempts: number }; mail: OutgoingMail | null }> {
  const email = requireEmail(body.email);
  const decision = await services.verificationMailLimits.claimResend(email);
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
  const answer = { message: SENT_MESSAGE, remainingAttempts: decision.remainingAttempts };
  const em = services.em();
  const user = await em.findOne(User, { email });
  if (!user || user.emailVerified) return { answer, mail: null };
  const token = await issueVerificationToken(em, user);
  const freeCredits = !(await addressWasGranted(em, services.appSecret, email));
  return { answer, mail: verificationMail(email, user.name, verificationLink(services.appUrl, email, token), freeCredits) };
}
