import type { FastifyReply } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import {
  GoogleIdTokenVerifier,
  type ResolvedSession,
  SessionService,
  VerificationMailLimits,
} from '../../../core/accounts/index.ts';
import { keyedDigest } from '../../../core/secrets/index.ts';
import { SESSION_COOKIE, setSessionCookie } from '../../auth/session-cookie.ts';
import { createMailer, DevelopmentOutbox, type Mailer } from '../../../core/mail/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    mailer: Mailer;
    /** Development without SMTP only: the mails not sent, for the `/dev/outbox` page. */
    developmentOutbox: DevelopmentOutbox | undefined;
    /** Present only when GOOGLE_CLIENT_ID is configured. */
    googleVerifier: GoogleIdTokenVerifier | undefined;
    verificationMailLimits: VerificationMailLimits;
    /** Cookies are marked Secure when the app is served over HTTPS. */
    secureCookies: boolean;
  }
  interface FastifyRequest {
    /**
     * The signed-in session, if any, looked up once per request (and slid forward, re-sending the cookie, when due).
     * Lazy: routes that do not care about identity never touch the database for it.
     */
    currentSession(reply: FastifyReply): Promise<ResolvedSession | undefined>;
  }
}

export default fastifyPlugin(
  async (app) => {
    const { auth } = app.config;
    app.decorate('sessions', new SessionService(auth, auth.sessionCacheMs));
    // Only on a developer's machine without a mail server: the mails are shown at /dev/outbox.
    const outbox = app.config.environment === 'development' && !auth.smtpUrl ? new DevelopmentOutbox() : undefined;
    app.decorate('developmentOutbox', outbox);
    app.decorate('mailer', createMailer({ smtpUrl: auth.smtpUrl, from: auth.mailFrom, outbox }, app.log));
    app.decorate('googleVerifier', auth.googleClientId ? new GoogleIdTokenVerifier(auth.googleClientId, auth.googleJwksUrl) : undefined);
    app.decorate(
      'verificationMailLimits',
      new VerificationMailLimits(app.redis, (email) => `${app.config.redis.keyPrefix}:verification-mail:${keyedDigest(app.config.appSecret, 'email', email)}`),
    );
    app.decorate('secureCookies', app.config.server.appUrl.startsWith('https:'));

    const cache = new WeakMap<object, Promise<ResolvedSession | undefined>>();
    app.decorateRequest('currentSession', function currentSession(this: import('fastify').FastifyRequest, reply: FastifyReply) {
      let pending = cache.get(this);
      if (!pending) {
        const token = this.cookies[SESSION_COOKIE];
        pending = token
          ? app.sessions.resolve(app.orm.em.fork(), token).then((resolved) => {
              if (resolved?.extended) setSessionCookie(reply, token, resolved.session.expiresAt, app.secureCookies);
              return resolved;
            })
          : Promise.resolve(undefined);
        cache.set(this, pending);
      }
      return pending;
    });
    app.addHook('onClose', async () => app.shutdown.run('mailer', () => app.mailer.close()));
  },
  { name: 'accounts', dependencies: ['configuration', 'database', 'redis', 'cookie'] },
);
