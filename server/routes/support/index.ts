import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { success } from '../../../contract/envelope.ts';
import { SupportAnswer, SupportRequestBody } from '../../../contract/support.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { supportAcknowledgementMail, supportTeamMail } from '../../mail/support-mails.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';
import { recordSupportRequest } from '../../support/support-requests.ts';

/** Requests one IP may send per hour (times AUTH_RATE_LIMIT_SCALE, which tests raise): enough for a person, not a flood of mail. */
export const SUPPORT_REQUESTS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

export const SUPPORT_SUBMITTED_MESSAGE = 'Support request submitted successfully! We will get back to you soon.';

/** `POST /api/support`: stores the request, then mails it to the support team and an acknowledgement to the sender. */
const supportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const rateLimit = {
    max: SUPPORT_REQUESTS_PER_HOUR * app.config.auth.rateLimitScale,
    timeWindow: HOUR_MS,
    keyGenerator: (request: FastifyRequest) => `support:${request.ip}`,
  };

  app.post(
    '/support',
    {
      schema: {
        summary: 'Send a question or problem to the support team',
        description: `Guests and signed-in users alike; the answer comes by email. At most ${SUPPORT_REQUESTS_PER_HOUR} requests per hour from one address.`,
        tags: ['Support'],
        body: SupportRequestBody,
        response: jsonResponses(SupportAnswer, ['VALIDATION_ERROR', 'RATE_LIMIT_ERROR']),
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const session = await request.currentSession(reply);
      const stored = await recordSupportRequest(app.orm.em.fork(), request.body, {
        userId: session?.user.id ?? null,
        ipHash: request.clientIdentity.guestKey,
      });

      // Not awaited, like the account mails: a slow mail server must not hold the page. The request is already
      // stored, so a mail that fails is logged with its id for someone to follow up rather than lost.
      const send = (mail: OutgoingMail) =>
        app.mailer.send(mail).catch((error: unknown) => request.log.error({ err: error, supportRequestId: stored.id }, 'support mail could not be sent'));
      void send(supportTeamMail(app.config.site.supportEmail, stored));
      void send(supportAcknowledgementMail(stored, app.config.site.supportEmail));

      reply.header('cache-control', 'no-store');
      return success({ message: SUPPORT_SUBMITTED_MESSAGE });
    },
  );
};

export default supportRoutes;
