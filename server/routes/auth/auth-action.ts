import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountServices } from '../../../core/accounts/index.ts';
import type { User } from '../../../core/database/index.ts';
import { publicUser, type PublicUser } from '../../../core/accounts/index.ts';
import { setSessionCookie } from '../../auth/session-cookie.ts';
import { AppError } from '../../../core/errors/index.ts';
import type { Mailer, OutgoingMail } from '../../../core/mail/index.ts';

/** What the account doors hand the rules (`AccountServices`), plus what only HTTP needs: mail sending and cookies. */
export interface AuthServices extends AccountServices {
  mailer: Mailer;
  /** Cookies are marked Secure when the app is served over HTTPS. */
  secureCookies: boolean;
  /** Public: Google's button needs it in the browser. */
  googleClientId: string | null;
}

/** Built once per server from its decorations; the actions never see the Fastify instance. */
export function authServicesOf(app: FastifyInstance): AuthServices {
  return {
    em: () => app.orm.em.fork(),
    sessions: app.sessions,
    verificationMailLimits: app.verificationMailLimits,
    googleVerifier: app.googleVerifier,
    appUrl: app.config.server.appUrl,
    appSecret: app.config.appSecret,
    mailer: app.mailer,
    secureCookies: app.secureCookies,
    googleClientId: app.config.auth.googleClientId ?? null,
  };
}

/** Everything an action handler gets. The body is whatever JSON was sent; each action checks its own fields. */
export interface AuthActionContext {
  services: AuthServices;
  request: FastifyRequest;
  reply: FastifyReply;
  body: Record<string, unknown>;
}

export type AuthAction = (context: AuthActionContext) => Promise<unknown>;

/** Signs the user in on this browser: a new session, its cookie, and the `user` + `session` the client reads. */
export async function signIn(context: AuthActionContext, user: User): Promise<{ user: PublicUser; session: { expiresAt: string } }> {
  const { services, request, reply } = context;
  const issued = await services.sessions.issue(services.em(), user, new Date(), request.headers['user-agent']);
  setSessionCookie(reply, issued.token, issued.expiresAt, services.secureCookies);
  return { user: publicUser(user), session: { expiresAt: issued.expiresAt.toISOString() } };
}

export async function requireSession(context: AuthActionContext) {
  const resolved = await context.request.currentSession(context.reply);
  if (!resolved) throw new AppError('UNAUTHORIZED', 'Session expired');
  return resolved;
}

/**
 * Mail leaves after the answer has gone out (the response's `close`, which also comes when the client hung up): the
 * SMTP round trip and the work of composing the message then cannot reveal, through the answer's timing, which branch
 * ran, and a slow mail server does not hold the page. A failure is logged; the user can ask for another link.
 */
export function sendInBackground(context: AuthActionContext, mail: OutgoingMail | null): void {
  if (!mail) return;
  const send = () => {
    context.services.mailer.send(mail).catch((error: unknown) => context.request.log.error({ err: error, to: mail.to }, 'mail could not be sent'));
  };
  const response = context.reply.raw;
  if (response.closed) send();
  else response.once('close', send);
}
