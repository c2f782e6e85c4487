import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Takes one of the caller's open-stream slots (person: the signed-in user, or the guest by their hashed address;
 * address: the hashed address), or throws the 429 before anything is streamed. Returns the function that gives it back.
 */
export async function takeStreamSlot(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<() => void> {
  const session = await request.currentSession(reply);
  const guestKey = request.clientIdentity.guestKey;
  return app.streamAllowance.take(session ? `user:${session.user.id}` : `guest:${guestKey}`, guestKey);
}
