import fastifyPlugin from 'fastify-plugin';
import type Stripe from 'stripe';
import { createStripeClient, loadPaymentCatalogue, type PaymentCatalogue } from '../../../core/payments/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      catalogue: PaymentCatalogue;
      /** Undefined when payments are off (no STRIPE_SECRET_KEY). */
      stripe: Stripe | undefined;
    };
  }
}

/** What can be bought (read and validated once at start) and the Stripe client that takes the money. */
export default fastifyPlugin(
  async (app) => {
    const stripe = createStripeClient(app.config.payments);
    if (stripe && !app.config.payments.stripeWebhookSecret) {
      app.log.warn('STRIPE_WEBHOOK_SECRET is not set: purchases are credited only when the browser confirms them, and refunds are not seen');
    }
    app.decorate('payments', { catalogue: loadPaymentCatalogue(app.config.payments.catalogueFile), stripe });
  },
  { name: 'payments', dependencies: ['configuration'] },
);
