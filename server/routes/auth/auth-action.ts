import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../../core/database/entities/user.ts';
import { publicUser, type PublicUser } from '../../../core/accounts/public-user.ts';
import { setSessionCookie } from '../../auth/session-cookie.ts';
import { AppError } from '../../../core/errors/app-error.ts';
import type { OutgoingMail } from '../../../core/mail/mailer.ts';

/** Everything an action handler gets. The body is whatever JSON was sent; each action checks its own fields. */
export interface AuthActionContext {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  body: Record<string, unknown>;
}

export type AuthAction = (context: AuthActionContext) => Promise<unknown>;

/** Signs the user in on this browser: a new session, its cookie, and the `user` + `session` the client reads. */
export async function signIn(context: AuthActionContext, user: User): Promise<{ user: PublicUser; session: { expiresAt: string } }> {
  const { app, request, reply } = context;
  const issued = await app.sessions.issue(app.orm.em.fork(), user, new Date(), request.headers['user-agent']);
  setSessionCookie(reply, issued.token, issued.expiresAt, app.secureCookies);
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
export function sendInBackground(context: AuthActionContext, mail: OutgoingMail): void {
  const send = () => {
    context.app.mailer.send(mail).catch((error: unknown) => context.request.log.error({ err: error, to: mail.to }, 'mail could not be sent'));
  };
  const response = context.reply.raw;
  if (response.closed) send();
  else response.once('close', send);
}
