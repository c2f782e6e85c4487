import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pricingTable } from '../../../core/credits/pricing.ts';
import { openCreditAccount, requesterFor } from '../../credits/requester.ts';
import { CreditsData } from '../../../contract/credits.ts';
import { success } from '../../../contract/envelope.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

/**
 * `GET /api/credits`: what the asker can still spend (`data.user.creditsRemaining` = balance − held) and the price
 * list (`data.pricing`). A first visit opens the account and gives its one-time grant.
 */
const creditsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/credits', { schema: { summary: 'What you can still spend, and the price list', tags: ['Credits'], response: jsonResponses(CreditsData) } }, async (request, reply) => {
    const session = await request.currentSession(reply);
    const requester = requesterFor(app.config.appSecret, session?.user, request.clientIdentity);
    const account = await app.orm.em.fork().transactional((transaction) => openCreditAccount(transaction, requester));
    reply.header('cache-control', 'no-store');
    return success({
      user: {
        id: session?.user.id ?? null,
        tier: requester.tier,
        creditsRemaining: account.balance - account.held,
        creditsHeld: account.held,
      },
      pricing: pricingTable(app.catalogue),
    });
  });
};

export default creditsRoutes;
