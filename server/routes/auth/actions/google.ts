import { accountForGoogleIdentity } from '../../../../core/accounts/user-records.ts';
import { AppError } from '../../../../core/errors/app-error.ts';
import { signIn, type AuthAction } from '../auth-action.ts';

/** Signs in with a Google ID token; which account that is, and how a first sign-in links one, is core's rule. */
export const google: AuthAction = async (context) => {
  const { app, body } = context;
  // Not configured is not an outage: a 404 that no client retries, rather than a 503 that invites trying later.
  if (!app.googleVerifier) throw new AppError('NOT_AVAILABLE', 'Google Sign-In is not available on this server.');
  if (typeof body.token !== 'string' || body.token === '' || body.token.length > 8_192) {
    throw new AppError('VALIDATION_ERROR', 'No credential received from Google');
  }
  const identity = await app.googleVerifier.verify(body.token);
  const { user, linkedExisting } = await accountForGoogleIdentity(app.orm.em.fork(), identity);
  // An existing account changed (verified, perhaps its password dropped): no server may keep the old copy.
  if (linkedExisting) await app.sessions.forgetEverywhere({ userId: user.id });
  return signIn(context, user);
};
