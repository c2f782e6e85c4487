import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../contract/envelope.ts';
import { SupportAnswer, SupportRequestBody } from '../../../contract/support.ts';
import type { OutgoingMail } from '../../../core/mail/index.ts';
import { supportAcknowledgementMail, supportTeamMail } from '../../../core/mail/index.ts';
import { personAndAddressLimit, limitStoreOf } from '../../limits/person-and-address-limit.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';
import { recordSupportRequest } from '../../../core/support/index.ts';

/** Requests one IP may send per hour (times AUTH_RATE_LIMIT_SCALE, which tests raise): enough for a person, not a flood of mail. */
export const SUPPORT_REQUESTS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;
/** The spec's wording for a 429. */
const RATE_LIMIT_MESSAGE = 'Rate limit exceeded. Please try again later.';

/** What the page's success banner shows under "Request Submitted!". */
export const SUPPORT_SUBMITTED_MESSAGE = "Thank you for contacting us. We've received your support request and will respond within 24 hours.";

/** `POST /api/support`: stores the request, then mails it to the support team and an acknowledgement to the sender. */
const supportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Per person too (SUPPORT_RATE_LIMIT_PER_USER_PER_HOUR), so one account cannot flood the team from many addresses.
  const scale = app.config.auth.rateLimitScale;
  const limitSending = personAndAddressLimit(limitStoreOf(app), {
    name: 'support',
    perPerson: app.config.personLimits.supportPerHour * scale,
    perAddress: SUPPORT_REQUESTS_PER_HOUR * scale,
    windowMs: HOUR_MS,
    refusal: RATE_LIMIT_MESSAGE,
  });

  app.post(
    '/support',
    {
      schema: {
        summary: 'Send a question or problem to the support team',
        description: `Guests and signed-in users alike; the answer comes by email. At most ${SUPPORT_REQUESTS_PER_HOUR} requests per hour from one address, and ${app.config.personLimits.supportPerHour} from one person.`,
        tags: ['Support'],
        body: SupportRequestBody,
        response: jsonResponses(SupportAnswer, ['VALIDATION_ERROR', 'RATE_LIMIT_ERROR']),
      },
      preHandler: limitSending,
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
