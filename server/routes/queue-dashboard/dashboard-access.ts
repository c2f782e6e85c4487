import type { FastifyReply, FastifyRequest } from 'fastify';
import { failure } from '../../../contract/envelope.ts';

/**
 * Only signed-in people whose email is in QUEUE_DASHBOARD_ADMINS see the dashboard. Everyone else (guests, other
 * accounts) gets the same 404 an unknown address gets, so the dashboard's existence is not given away.
 */
export function dashboardGuard(admins: readonly string[]) {
  const allowed = new Set(admins);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const session = await request.currentSession(reply);
    if (session && allowed.has(session.user.email.toLowerCase())) return;
    const path = request.url.split('?')[0] ?? '/';
    await reply
      .status(404)
      .type('application/json; charset=utf-8')
      .send(failure('NOT_FOUND', `No such endpoint: ${request.method} ${path}`));
  };
}
