import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../auth/session-cookie.ts';
import { hashToken } from '../../../core/secrets/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { takeStreamSlot } from '../../limits/take-stream-slot.ts';
import type { RequestViewer } from '../../requests/request-access.ts';
import { LiveConnection, type LiveSocket } from './live-connection.ts';
import { liveSchema } from './live-schema.ts';

const ANONYMOUS_SESSION_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/**
 * `GET /api/live`: one WebSocket per browser tab, carrying the frames of every request the tab subscribes to and the
 * signed-in user's account events (docs/api.md).
 */
const liveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const refuseOtherSites = originGuard(app);

  // Each socket holds one of its person's and address's open-stream slots until it closes (refused with a 429 before
  // the upgrade when none is left).
  const slots = new WeakMap<FastifyRequest, () => void>();
  const takeSlot = async (request: FastifyRequest, reply: FastifyReply) => {
    slots.set(request, await takeStreamSlot(app, request, reply));
  };

  app.get('/live', { websocket: true, schema: liveSchema, onRequest: refuseOtherSites, preHandler: takeSlot }, (socket, request) => {
    const giveBack = slots.get(request);
    if (giveBack) (socket as LiveSocket).on('close', giveBack);
    const token = request.cookies[SESSION_COOKIE];
    // Browsers cannot add headers to a WebSocket upgrade, so a guest's anonymous session id may come in the URL.
    const sent = request.query.sessionId;
    const anonymousSessionId = sent !== undefined && ANONYMOUS_SESSION_PATTERN.test(sent) ? sent : request.clientIdentity.anonymousSessionId;
    const viewer = async (): Promise<RequestViewer> => ({
      userId: token ? (await app.sessions.resolve(app.orm.em.fork(), token))?.user.id : undefined,
      anonymousSessionId,
    });
    const sessionTokenHash = token ? hashToken(token) : undefined;
    new LiveConnection(app.requestServices, { socket: socket as LiveSocket, viewer, sessionTokenHash, logger: request.log });
  });
};

/**
 * A WebSocket upgrade is a GET, which the app-wide origin check lets through, yet it carries the session cookie:
 * another site's page must not open a socket in the user's name, so an Origin naming another site is refused here.
 */
function originGuard(app: FastifyInstance): (request: FastifyRequest) => Promise<void> {
  const appOrigin = new URL(app.config.server.appUrl).origin;
  return async (request) => {
    const origin = request.headers.origin;
    if (origin === undefined || origin === appOrigin || origin === `${request.protocol}://${request.host}`) return;
    throw new AppError('FORBIDDEN', 'This connection came from another site and was refused.');
  };
}

export default liveRoutes;
