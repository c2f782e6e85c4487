import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type Stripe from 'stripe';
import { success } from '../../../contract/envelope.ts';
import { PAYMENT_TEXTS } from '../../../contract/payment-texts.ts';
import { ConfirmPaymentBody, CreatePaymentBody, PaymentConfirmation, PaymentIntentData, PaymentOffer } from '../../../contract/payments.ts';
import { publishCreditsRemaining } from '../../../core/credits/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { confirmPurchase, paymentOffer, startPurchase } from '../../../core/payments/index.ts';
import { personAndAddressLimit, limitStoreOf } from '../../limits/person-and-address-limit.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';
import stripeWebhookRoute from './stripe-webhook.ts';

/** Purchases one person may start in ten minutes (times AUTH_RATE_LIMIT_SCALE): plenty for retries, not for card testing. */
export const PURCHASES_PER_TEN_MINUTES = 20;
const TEN_MINUTES_MS = 10 * 60_000;
/** The spec's wording for a 429. */
const RATE_LIMIT_MESSAGE = 'Rate limit exceeded. Please try again later.';

const tags = ['Payments'];

/**
 * Buying credits by card: `GET /api/payments` (what can be bought), `POST /api/payments` (start a payment),
 * `PUT /api/payments` (confirm it after the card step) and `POST /api/payments/webhook` (Stripe's notifications).
 */
const paymentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Card payments switched on: checked before sign-in, so a signed-out visitor also hears that payments are off. */
  async function paymentsOn(): Promise<void> {
    if (!app.payments.stripe) throw new AppError('PAYMENT_UNAVAILABLE');
  }
  const stripe = (): Stripe => app.payments.stripe!;
  const signedInToPay = { signIn: 'required', signInMessage: PAYMENT_TEXTS.signInRequired } as const;

  // Per address, and per person (PAYMENT_RATE_LIMIT_PER_USER_PER_10_MINUTES) so one account cannot test cards from
  // many addresses. Counted before anything else, Stripe included.
  const scale = app.config.auth.rateLimitScale;
  const limitPaying = personAndAddressLimit(limitStoreOf(app), {
    name: 'payments',
    perPerson: app.config.personLimits.paymentsPerTenMinutes * scale,
    perAddress: PURCHASES_PER_TEN_MINUTES * scale,
    windowMs: TEN_MINUTES_MS,
    refusal: RATE_LIMIT_MESSAGE,
  });

  app.get(
    '/payments',
    { schema: { summary: 'What credits can be bought, and whether card payments are on', tags, response: jsonResponses(PaymentOffer) } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return success(paymentOffer(app.payments.catalogue, app.config.payments));
    },
  );

  app.post(
    '/payments',
    {
      schema: {
        summary: 'Start paying for credits',
        description:
          'Signed in only. Send `creditAmount` (priced at its band’s rate, applied to every credit) or `packageId`. Returns the PaymentIntent’s client secret for the card form; nothing is credited until the payment succeeds.',
        tags,
        body: CreatePaymentBody,
        response: jsonResponses(PaymentIntentData, ['VALIDATION_ERROR', 'UNAUTHORIZED', 'RATE_LIMIT_ERROR', 'PAYMENT_FAILED', 'PAYMENT_NOT_FOUND', 'PAYMENT_UNAVAILABLE']),
      },
      preHandler: [limitPaying, paymentsOn],
      config: signedInToPay,
    },
    async (request, reply) => {
      const requester = await request.requester(reply);
      if (!requester.userId) throw new AppError('UNAUTHORIZED', PAYMENT_TEXTS.signInRequired);
      const intent = await startPurchase(app.orm.em.fork(), stripe(), app.payments.catalogue, { ...requester, userId: requester.userId }, request.body);
      request.log.info({ purchaseId: intent.purchaseId, paymentIntentId: intent.paymentIntentId, credits: intent.credits }, 'purchase started');
      return success(intent);
    },
  );

  app.put(
    '/payments',
    {
      schema: {
        summary: 'Confirm a payment and receive its credits',
        description:
          'After the card step. The server asks Stripe whether the payment succeeded and credits it once; a second confirmation (or one after the webhook) answers `PAYMENT_ALREADY_PROCESSED`, which means the credits are there.',
        tags,
        body: ConfirmPaymentBody,
        response: jsonResponses(PaymentConfirmation, [
          'VALIDATION_ERROR',
          'UNAUTHORIZED',
          'RATE_LIMIT_ERROR',
          'PAYMENT_FAILED',
          'PAYMENT_NOT_FOUND',
          'PAYMENT_ALREADY_PROCESSED',
          'PAYMENT_PROCESSING',
          'PAYMENT_UNAVAILABLE',
        ]),
      },
      preHandler: [limitPaying, paymentsOn],
      config: signedInToPay,
    },
    async (request) => {
      const userId = request.signedIn.user.id;
      const confirmation = await confirmPurchase(app.orm.em.fork(), stripe(), userId, request.body.paymentIntentId);
      request.log.info({ paymentIntentId: request.body.paymentIntentId, credits: confirmation.creditsAdded }, 'purchase credited');
      // A purchase makes the account a subscriber: no server may go on answering from the old tier.
      await app.sessions.forgetEverywhere({ userId });
      publishCreditsRemaining(app.redis, app.config.redis.keyPrefix, userId, confirmation.creditsRemaining).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not tell open tabs about new credits'),
      );
      return success(confirmation);
    },
  );

  await app.register(stripeWebhookRoute);
};

export default paymentsRoutes;
