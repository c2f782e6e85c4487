import { User } from '../../../../core/database/entities/user.ts';
import { normaliseEmail, requireEmail, requireName, requirePassword } from '../../../../core/accounts/account-fields.ts';
import { issueVerificationToken, verificationLink } from '../../../../core/accounts/email-verification.ts';
import { hashPassword } from '../../../../core/accounts/password-hashing.ts';
import { createPasswordAccount } from '../../../../core/accounts/user-records.ts';
import { addressWasGranted } from '../../../../core/credits/requester.ts';
import { alreadyRegisteredMail, verificationMail } from '../../../../core/mail/account-mails.ts';
import { sendInBackground, type AuthAction } from '../auth-action.ts';

export const REGISTERED_MESSAGE = 'Registration successful. Please check your email to verify your account.';

/**
 * Creates an account that must verify its address before it can sign in. Registering an address that already has
 * an account answers exactly the same (and mails the owner instead), so the form cannot be used to find out who
 * has an account; both paths hash a password and queue one mail, so they take about as long.
 */
export const register: AuthAction = async (context) => {
  const { app, body } = context;
  const name = requireName(body.name);
  const email = requireEmail(body.email);
  const password = requirePassword(body.password);
  const passwordHash = await hashPassword(password);
  const em = app.orm.em.fork();
  const answer = { requiresVerification: true, email, user: null, session: null, message: REGISTERED_MESSAGE };

  const existing = await em.findOne(User, { email: normaliseEmail(email) });
  if (existing) {
    sendInBackground(context, alreadyRegisteredMail(email, existing.name, new URL('/', app.config.server.appUrl).toString()));
    return answer;
  }
  const user = await createPasswordAccount(em, { name, email, passwordHash });
  // Two registrations of one address at once: the loser gets the same answer as any duplicate.
  if (!user) return answer;
  const token = await issueVerificationToken(em, user);
  await app.verificationMailLimits.recordFirstMail(email);
  // An address registered again after its account was deleted had its free credits: the mail must not promise them.
  const freeCredits = !(await addressWasGranted(em, app.config.appSecret, email));
  sendInBackground(context, verificationMail(email, name, verificationLink(app.config.server.appUrl, email, token), freeCredits));
  return answer;
};
