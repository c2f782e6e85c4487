import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { ResolvedSession } from '../../../core/accounts/index.ts';
import type { Requester } from '../../../core/credits/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { requesterOfRequest } from '../../callers/requester-of-request.ts';

/** What a route that demands sign-in gets: the signed-in user and their session. */
export type SignedIn = ResolvedSession;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `required`: the route answers only a signed-in person; anyone else gets a 401 `UNAUTHORIZED` before the
     * handler runs (after the body is validated, so a malformed request still hears what is malformed).
     */
    signIn?: 'required';
    /** The 401's message when the default ("Session expired") would not tell the person what to do. */
    signInMessage?: string;
  }
  interface FastifyRequest {
    /** The signed-in person of a route with `config: { signIn: 'required' }`; reading it elsewhere is a bug. */
    signedIn: SignedIn;
    /** Who is asking, as the credit rules see it: an API key's owner, else the signed-in user, else the guest. */
    requester(reply: FastifyReply): Promise<Requester>;
  }
}

const SIGNED_IN = Symbol('signed-in');
type WithSignedIn = FastifyRequest & { [SIGNED_IN]?: SignedIn };

/**
 * One place decides who is calling. Every request can ask for its requester (guest, session or API key), resolved
 * once; a route marked `signIn: 'required'` gets a pre-handler that refuses anyone signed out, so no route checks
 * sign-in by hand.
 */
export default fastifyPlugin(
  async (app) => {
    const requesters = new WeakMap<FastifyRequest, Promise<Requester>>();
    const callerServices = { orm: app.orm, redis: app.redis, keyPrefix: app.config.redis.keyPrefix, appSecret: app.config.appSecret };
    app.decorateRequest('requester', function requester(this: FastifyRequest, reply: FastifyReply) {
      let pending = requesters.get(this);
      if (!pending) {
        pending = requesterOfRequest(callerServices, this, reply);
        requesters.set(this, pending);
      }
      return pending;
    });
    app.decorateRequest('signedIn', {
      getter(this: WithSignedIn): SignedIn {
        const signedIn = this[SIGNED_IN];
        if (!signedIn) throw new Error(`${this.routeOptions.url} reads request.signedIn without config.signIn = 'required'`);
        return signedIn;
      },
    });

    const requireSignIn: preHandlerAsyncHookHandler = async function requireSignIn(request, reply) {
      const resolved = await request.currentSession(reply);
      if (!resolved) throw new AppError('UNAUTHORIZED', request.routeOptions.config.signInMessage ?? 'Session expired');
      (request as WithSignedIn)[SIGNED_IN] = resolved;
      // A signed-in person's data is theirs alone: no shared cache may keep it. A handler may still say otherwise.
      reply.header('cache-control', 'no-store');
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.signIn !== 'required') return;
      // After the route's own pre-handlers: its rate limit counts first, as for everyone else.
      const existing = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [...existing, requireSignIn];
    });
  },
  { name: 'sign-in', dependencies: ['accounts'] },
);
