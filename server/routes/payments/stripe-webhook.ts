import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { success } from '../../../contract/envelope.ts';
import { PAYMENT_TEXTS } from '../../../contract/payment-texts.ts';
import { WebhookReceipt } from '../../../contract/payments.ts';
import { publishCreditsRemaining, spendableCreditsOfUser } from '../../../core/credits/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { handleStripeEvent } from '../../../core/payments/index.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

/** How old a signed event may be (seconds): older ones are refused as possible replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * `POST /api/payments/webhook`: Stripe's notifications. The signature covers the exact bytes Stripe sent, so this
 * route (alone, in its own scope) reads the body raw instead of as parsed JSON. Handled events: a payment
 * succeeded (credits it, racing safely with the browser's confirmation), failed or was cancelled, a charge
 * refunded or disputed (takes the credits back).
 */
const stripeWebhookRoute: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/webhook',
    {
      schema: {
        summary: 'Stripe’s notifications about payments (called by Stripe)',
        description: `Verified by the \`Stripe-Signature\` header against STRIPE_WEBHOOK_SECRET, with ${WEBHOOK_TOLERANCE_SECONDS} s tolerance. Each event id is handled once.`,
        tags: ['Payments'],
        response: jsonResponses(WebhookReceipt, ['VALIDATION_ERROR', 'NOT_FOUND']),
      },
    },
    async (request) => {
      const stripe = app.payments.stripe;
      const secret = app.config.payments.stripeWebhookSecret;
      // Not a passing outage (503 would have Stripe retry for days): this server takes no webhooks until configured.
      if (!stripe || !secret) throw new AppError('NOT_FOUND', 'Payments are not set up on this server.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new AppError('VALIDATION_ERROR', PAYMENT_TEXTS.invalidSignature);

      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        request.log.warn({ err: error }, 'stripe webhook refused: bad signature');
        throw new AppError('VALIDATION_ERROR', PAYMENT_TEXTS.invalidSignature);
      }

      const outcome = await app.orm.em.fork().transactional((transaction) => handleStripeEvent(transaction, event));
      request.log.info({ stripeEventId: event.id, stripeEventType: event.type, outcome: outcome.kind }, 'stripe webhook handled');
      if (outcome.kind === 'reversed' && outcome.reversal.unrecovered > 0) {
        request.log.warn({ stripeEventId: event.id, unrecoveredCredits: outcome.reversal.unrecovered }, 'refunded credits had already been spent');
      }
      if ((outcome.kind === 'credited' || outcome.kind === 'reversed') && outcome.userId) {
        // The tier may have changed with the purchase: every server reads the account afresh.
        await app.sessions.forgetEverywhere({ userId: outcome.userId });
        await tellOpenTabs(outcome.userId);
      }
      return success({ received: true as const, duplicate: outcome.kind === 'duplicate' });

      async function tellOpenTabs(userId: string): Promise<void> {
        try {
          const creditsRemaining = await spendableCreditsOfUser(app.orm.em.fork(), userId);
          if (creditsRemaining !== undefined) await publishCreditsRemaining(app.redis, app.config.redis.keyPrefix, userId, creditsRemaining);
        } catch (error) {
          request.log.warn({ err: error }, 'could not tell open tabs about changed credits');
        }
      }
    },
  );
};

export default stripeWebhookRoute;
