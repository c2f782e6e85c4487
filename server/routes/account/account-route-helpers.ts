import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OutgoingMail } from '../../../core/mail/index.ts';

export const tags = ['Accounts'];
const FIFTEEN_MINUTES_MS = 15 * 60_000;

/** Per address, like the sign-in actions: a stolen session must not become a way to guess the password. */
export function limitedPerAddress(app: FastifyInstance, name: string, max: number) {
  const scale = app.config.auth.rateLimitScale;
  return {
    rateLimit: { max: max * scale, timeWindow: FIFTEEN_MINUTES_MS, keyGenerator: (request: FastifyRequest) => `account:${name}:${request.ip}` },
  };
}

/** Mail leaves after the answer (as in the auth actions); a failure is logged. */
export function sendLater(app: FastifyInstance, request: FastifyRequest, mail: OutgoingMail): void {
  void app.mailer.send(mail).catch((error: unknown) => request.log.error({ err: error, to: mail.to }, 'mail could not be sent'));
}
