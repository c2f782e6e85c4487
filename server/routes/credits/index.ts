import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pricingTable } from '../../../core/credits/pricing.ts';
import { grantWentElsewhere, openCreditAccount, requesterFor } from '../../credits/requester.ts';
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
    const em = app.orm.em.fork();
    const account = await em.transactional((transaction) => openCreditAccount(transaction, requester));
    // Only worth asking when there is nothing to spend: that is when the page explains why.
    const freeCreditsUsedBefore = account.balance - account.held <= 0 && (await grantWentElsewhere(em, requester, account.id));
    reply.header('cache-control', 'no-store');
    return success({
      user: {
        id: session?.user.id ?? null,
        tier: requester.tier,
        creditsRemaining: account.balance - account.held,
        creditsHeld: account.held,
        freeCreditsUsedBefore,
      },
      pricing: pricingTable(app.catalogue),
    });
  });
};

export default creditsRoutes;
