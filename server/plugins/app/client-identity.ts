import { randomUUID } from 'node:crypto';
import fastifyPlugin from 'fastify-plugin';
import { keyedDigest } from '../../../core/secrets/index.ts';

/** The header carrying a browser's anonymous session id, both ways. */
export const ANONYMOUS_SESSION_HEADER = 'x-session-id';
const ANONYMOUS_SESSION_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface ClientIdentity {
  /** Random id the browser keeps in localStorage and sends back; names a guest's visit, proves nothing. */
  anonymousSessionId: string;
  /** HMAC of the client's IP (behind TRUST_PROXY, the real one): a guest's credit identity. The IP is never kept. */
  guestKey: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    clientIdentity: ClientIdentity;
  }
}

export default fastifyPlugin(
  async (app) => {
    app.decorateRequest('clientIdentity', null as unknown as ClientIdentity);
    app.addHook('onRequest', async (request, reply) => {
      const sent = request.headers[ANONYMOUS_SESSION_HEADER];
      const anonymousSessionId = typeof sent === 'string' && ANONYMOUS_SESSION_PATTERN.test(sent) ? sent : randomUUID();
      request.clientIdentity = { anonymousSessionId, guestKey: keyedDigest(app.config.appSecret, 'guest-ip', request.ip) };
      reply.header(ANONYMOUS_SESSION_HEADER, anonymousSessionId);
    });
  },
  { name: 'client-identity', dependencies: ['configuration'] },
);
