import { User } from '../database/index.ts';
import { AppError } from '../errors/index.ts';
import { requireEmail, requirePassword } from './account-fields.ts';
import type { AccountServices } from './account-services.ts';
import { consumeVerificationToken } from './email-verification.ts';
import { verifyAgainstDecoy, verifyPassword } from './password-hashing.ts';
import { accountForGoogleIdentity } from './user-records.ts';

/**
 * Who is signing in, by each way in. Each returns the account to start a session for, or refuses in the product's
 * words; starting the session (its cookie) is the door's business.
 */

export const INVALID_CREDENTIALS = 'Invalid email or password';
const INVALID_LINK = 'Invalid verification link. Please check your email and try again.';

/**
 * Email and password. Every failure says the same thing and costs the same argon2 work, whether the address is
 * unknown, has no password (Google-only) or the password is wrong. Only someone who knows the password learns that
 * the account still needs verifying.
 */
export async function accountForPassword(services: AccountServices, body: Record<string, unknown>): Promise<User> {
  const email = requireEmail(body.email);
  if (typeof body.password !== 'string' || body.password === '') requirePassword(body.password);
  const password = String(body.password);

  const user = await services.em().findOne(User, { email }, { populate: ['passwordHash'] });
  const valid = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDecoy(password);
  if (!user || !valid) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  if (!user.emailVerified) {
    throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email before logging in', {
      data: { requiresVerification: true, email: user.email },
    });
  }
  return user;
}

/** A Google ID token; which account that is, and how a first sign-in links one, is `accountForGoogleIdentity`'s rule. */
export async function accountForGoogleToken(services: AccountServices, token: unknown): Promise<User> {
  // Not configured is not an outage: a 404 that no client retries, rather than a 503 that invites trying later.
  if (!services.googleVerifier) throw new AppError('NOT_AVAILABLE', 'Google Sign-In is not available on this server.');
  if (typeof token !== 'string' || token === '' || token.length > 8_192) {
    throw new AppError('VALIDATION_ERROR', 'No credential received from Google');
  }
  const identity = await services.googleVerifier.verify(token);
  const { user, linkedExisting } = await accountForGoogleIdentity(services.em(), identity);
  // An existing account changed (verified, perhaps its password dropped): no server may keep the old copy.
  if (linkedExisting) await services.sessions.forgetEverywhere({ userId: user.id });
  return user;
}

/** The emailed verification link, used once; the account's other sessions are verified too. */
export async function accountForVerificationLink(services: AccountServices, body: Record<string, unknown>): Promise<User> {
  if (typeof body.token !== 'string' || body.token === '' || typeof body.email !== 'string' || body.email === '') {
    throw new AppError('VALIDATION_ERROR', INVALID_LINK);
  }
  const email = requireEmail(body.email);
  if (body.token.length > 128) throw new AppError('VALIDATION_ERROR', INVALID_LINK);
  const user = await consumeVerificationToken(services.em(), email, body.token);
  await services.sessions.forgetEverywhere({ userId: user.id });
  return user;
}
