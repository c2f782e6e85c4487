import type { FastifyReply } from 'fastify';

export const SESSION_COOKIE = 'quorum_session';

/**
 * HttpOnly so page scripts (and anything injected into them) cannot read it; SameSite=Lax so other sites cannot
 * send it along with their forms; Secure whenever Quorum is served over HTTPS.
 */
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
