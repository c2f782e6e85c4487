import { User } from '../../../../core/database/index.ts';
import { deleteAccountRecord, publicUser } from '../../../../core/accounts/index.ts';
import { clearSessionCookie, SESSION_COOKIE } from '../../../auth/session-cookie.ts';
import { requireSession, type AuthAction } from '../auth-action.ts';

/**
 * `GET ?action=session`: who is signed in, if anyone. Never an error: "nobody" is an answer. It also tells the page
 * whether to offer Google sign-in (the client id is public: Google's button needs it in the browser anyway).
 */
export const session: AuthAction = async ({ services, request, reply }) => {
  const { googleClientId } = services;
  const resolved = await request.currentSession(reply);
  if (!resolved) return { authenticated: false, user: null, session: null, googleClientId };
  return {
    authenticated: true,
    user: publicUser(resolved.user),
    session: { expiresAt: resolved.session.expiresAt.toISOString() },
    googleClientId,
  };
};

/** `GET ?action=profile`: the signed-in user's account details. */
export const profile: AuthAction = async (context) => {
  const { user } = await requireSession(context);
  const withSecrets = await context.services.em().findOneOrFail(User, user.id, { populate: ['passwordHash'] });
  return {
    user: {
      ...publicUser(user),
      createdAt: user.createdAt.toISOString(),
      signInMethods: [...(withSecrets.passwordHash ? ['password'] : []), ...(user.googleSubject ? ['google'] : [])],
    },
  };
};

/** `POST ?action=logout`: ends this browser's session (other devices stay signed in). */
export const logout: AuthAction = async ({ services, request, reply }) => {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await services.sessions.revoke(services.em(), token);
  clearSessionCookie(reply, services.secureCookies);
  return { message: 'Signed out' };
};

/**
 * `POST ?action=delete-account`: deletes the account and, through the database's cascades, its sessions, links
 * and history. Unused credits are forfeited (as the terms say); the credit ledger keeps its money trail with the
 * user anonymised, and the one-time grant stays used, so re-registering the address grants nothing.
 */
export const deleteAccount: AuthAction = async (context) => {
  const { user } = await requireSession(context);
  await deleteAccountRecord(context.services.em(), user.id);
  // Committed: now every server may forget the account's sessions without reading them back.
  await context.services.sessions.forgetEverywhere({ userId: user.id });
  clearSessionCookie(context.reply, context.services.secureCookies);
  return { message: 'Your account has been deleted.' };
};
