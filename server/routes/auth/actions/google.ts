import { randomUUID } from 'node:crypto';
import { User } from '../../../../core/database/entities/user.ts';
import { AppError } from '../../../../core/errors/app-error.ts';
import { signIn, type AuthAction } from '../auth-action.ts';

/**
 * Signs in with a Google ID token. The Google account (its `sub`) is the identity. A first sign-in links to an
 * existing account with the same address; if that account never verified its address, whoever created it never
 * proved they own it, so its password is dropped and Google's proof takes over (no pre-registered hijack).
 */
export const google: AuthAction = async (context) => {
  const { app, body } = context;
  // Not configured is not an outage: a 404 that no client retries, rather than a 503 that invites trying later.
  if (!app.googleVerifier) throw new AppError('NOT_AVAILABLE', 'Google Sign-In is not available on this server.');
  if (typeof body.token !== 'string' || body.token === '' || body.token.length > 8_192) {
    throw new AppError('VALIDATION_ERROR', 'No credential received from Google');
  }
  const identity = await app.googleVerifier.verify(body.token);
  const em = app.orm.em.fork();
  let user = await em.findOne(User, { googleSubject: identity.subject });
  if (!user) {
    user = await em.findOne(User, { email: identity.email });
    if (user) {
      if (!user.emailVerified) {
        user.passwordHash = null;
        user.emailVerified = true;
      }
      user.googleSubject = identity.subject;
      // An existing account changed (verified, perhaps its password dropped): no server may keep the old copy.
      await em.flush();
      await app.sessions.forgetEverywhere({ userId: user.id });
    } else {
      user = em.create(User, { id: randomUUID(), name: identity.name, email: identity.email, emailVerified: true, googleSubject: identity.subject });
    }
    await em.flush();
  }
  return signIn(context, user);
};
