import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { grantWentElsewhere, openCreditAccount, pricingTable } from '../../../core/credits/index.ts';
import { CreditsData } from '../../../contract/credits.ts';
import { success } from '../../../contract/envelope.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';
import creditHistoryRoutes from './credit-history-routes.ts';
import demoCreditsRoutes from './demo-credits-routes.ts';

/**
 * `GET /api/credits`: what the asker can still spend (`data.user.creditsRemaining` = balance − held) and the price
 * list (`data.pricing`). A first visit opens the account and gives its one-time grant. Called with an API key it
 * answers for the key's owner, not for the guest at the caller's address. The history of credits and the demo
 * button's grant live beside it.
 */
const creditsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(creditHistoryRoutes);
  await app.register(demoCreditsRoutes);
  app.get('/credits', { schema: { summary: 'What you can still spend, and the price list', tags: ['Credits'], response: jsonResponses(CreditsData) } }, async (request, reply) => {
    const requester = await request.requester(reply);
    const em = app.orm.em.fork();
    const account = await em.transactional((transaction) => openCreditAccount(transaction, requester));
    // Only worth asking when there is nothing to spend: that is when the page explains why.
    const freeCreditsUsedBefore = account.balance - account.held <= 0 && (await grantWentElsewhere(em, requester, account.id));
    reply.header('cache-control', 'no-store');
    return success({
      user: {
        id: requester.userId,
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
