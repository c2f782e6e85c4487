import { requireEmail } from '../../../../core/accounts/account-fields.ts';
import { consumeVerificationToken } from '../../../../core/accounts/email-verification.ts';
import { AppError } from '../../../../core/errors/app-error.ts';
import { signIn, type AuthAction } from '../auth-action.ts';

const INVALID_LINK = 'Invalid verification link. Please check your email and try again.';

/** Uses the emailed link and signs the user in on this browser. */
export const verifyEmail: AuthAction = async (context) => {
  const { app, body } = context;
  if (typeof body.token !== 'string' || body.token === '' || typeof body.email !== 'string' || body.email === '') {
    throw new AppError('VALIDATION_ERROR', INVALID_LINK);
  }
  const email = requireEmail(body.email);
  if (body.token.length > 128) throw new AppError('VALIDATION_ERROR', INVALID_LINK);
  const user = await consumeVerificationToken(app.orm.em.fork(), email, body.token);
  // The account's other sessions are now verified too.
  await app.sessions.forgetEverywhere({ userId: user.id });
  return { message: 'Email verified successfully. You are now signed in.', ...(await signIn(context, user)) };
};
