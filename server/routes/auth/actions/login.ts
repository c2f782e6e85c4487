import { User } from '../../../../core/database/entities/user.ts';
import { requireEmail, requirePassword } from '../../../../core/accounts/account-fields.ts';
import { verifyAgainstDecoy, verifyPassword } from '../../../../core/accounts/password-hashing.ts';
import { AppError } from '../../../../core/errors/app-error.ts';
import { signIn, type AuthAction } from '../auth-action.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * Signs in with email and password. Every failure says the same thing and costs the same argon2 work, whether the
 * address is unknown, has no password (Google-only) or the password is wrong. Only someone who knows the password
 * learns that the account still needs verifying.
 */
export const login: AuthAction = async (context) => {
  const { app, body } = context;
  const email = requireEmail(body.email);
  if (typeof body.password !== 'string' || body.password === '') requirePassword(body.password);
  const password = String(body.password);

  const user = await app.orm.em.fork().findOne(User, { email }, { populate: ['passwordHash'] });
  const valid = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDecoy(password);
  if (!user || !valid) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  if (!user.emailVerified) {
    throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email before logging in', {
      data: { requiresVerification: true, email: user.email },
    });
  }
  return signIn(context, user);
};
