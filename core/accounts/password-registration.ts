import { User } from '../database/index.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { alreadyRegisteredMail, verificationMail } from './account-mails.ts';
import { addressWasGranted } from '../credits/index.ts';
import { requireEmail, requireName, requirePassword } from './account-fields.ts';
import { normaliseEmail } from '../text/index.ts';
import type { AccountServices } from './account-services.ts';
import { issueVerificationToken, verificationLink } from './email-verification.ts';
import { hashPassword } from './password-hashing.ts';
import { createPasswordAccount } from './user-records.ts';

export const REGISTERED_MESSAGE = 'Registration successful. Please check your email to verify your account.';

export interface Registration {
  answer: { requiresVerification: true; email: string; user: null; session: null; message: string };
  /** The one mail to send once the answer has gone: a verification link, or a note to an existing account's owner. */
  mail: OutgoingMail | null;
}

/**
 * Creates an account that must verify its address before it can sign in. Registering an address that already has
 * an account answers exactly the same (and mails the owner instead), so the form cannot be used to find out who
 * has an account; both paths hash a password and make one mail, so they take about as long.
 */
export async function registerWithPassword(services: AccountServices, body: Record<string, unknown>): Promise<Registration> {
  const name = requireName(body.name);
  const email = requireEmail(body.email);
  const password = requirePassword(body.password);
  const passwordHash = await hashPassword(password);
  const em = services.em();
  const answer = { requiresVerification: true, email, user: null, session: null, message: REGISTERED_MESSAGE } as const;

  const existing = await em.findOne(User, { email: normaliseEmail(email) });
  if (existing) return { answer, mail: alreadyRegisteredMail(email, existing.name, new URL('/', services.appUrl).toString()) };
  const user = await createPasswordAccount(em, { name, email, passwordHash });
  // Two registrations of one address at once: the loser gets the same answer as any duplicate.
  if (!user) return { answer, mail: null };
  const token = await issueVerificationToken(em, user);
  await services.verificationMailLimits.recordFirstMail(email);
  // An address registered again after its account was deleted had its free credits: the mail must not promise them.
  const freeCredits = !(await addressWasGranted(em, services.appSecret, email));
  return { answer, mail: verificationMail(email, name, verificationLink(services.appUrl, email, token), freeCredits) };
}
