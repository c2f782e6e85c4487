import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { PAYMENT_TEXTS } from '../../contract/payment-texts.ts';
import type { CreatePaymentBody, PaymentConfirmation, PaymentIntentData } from '../../contract/payments.ts';
import type { PaymentCatalogue } from './payment-catalogue.ts';
import { AppError } from '../errors/index.ts';
import { openCreditAccount, type Requester, spendableCreditsOfAccount } from '../credits/index.ts';
import { attachPaymentIntent, findPurchaseByIntent, markPurchaseFailed, recordPendingPurchase } from './purchase-records.ts';
import { creditPurchase } from './purchase-settlement.ts';
import { paymentErrorFromStripe } from './stripe-errors.ts';

/** What a purchase is for: an amount at the dynamic price, or a package at its own price. */
interface PricedPurchase {
  credits: number;
  amountCents: number;
  packageId: string | null;
}

/** Prices the request on the server, whatever the page showed: the band's rate for an amount, or the package's price. */
export function pricePurchase(catalogue: PaymentCatalogue, body: CreatePaymentBody): PricedPurchase {
  const wantsAmount = body.creditAmount !== undefined;
  const wantsPackage = body.packageId !== undefined;
  if (wantsAmount === wantsPackage) throw new AppError('VALIDATION_ERROR', PAYMENT_TEXTS.chooseOne);

  if (body.packageId !== undefined) {
    const pack = catalogue.packageById(body.packageId);
    if (!pack) throw new AppError('VALIDATION_ERROR', PAYMENT_TEXTS.packageGone);
    return { credits: pack.credits, amountCents: Math.round(pack.price * 100), packageId: pack.id };
  }

  const { enabled, limits } = catalogue.dynamicPricing;
  if (!enabled) throw new AppError('VALIDATION_ERROR', PAYMENT_TEXTS.customUnavailable);
  const credits = body.creditAmount!;
  if (credits < limits.minimumCredits) throw new AppError('VALIDATION_ERROR', PAYMENT_TEXTS.minimum(limits.minimumCredits));
  if (credits > limits.maximumCredits) throw new AppError('VALIDATION_ERROR', PAYMENT_TEXTS.maximum(limits.maximumCredits));
  return { credits, amountCents: catalogue.priceInCents(credits), packageId: null };
}

/**
 * `POST /api/payments`: records the purchase, then asks Stripe for a PaymentIntent keyed by the purchase (a retried
 * call returns the same intent, never a second one) and carrying who pays for how many credits.
 */
export async function startPurchase(
  em: EntityManager,
  stripe: Stripe,
  catalogue: PaymentCatalogue,
  requester: Requester & { userId: string },
  body: CreatePaymentBody,
): Promise<PaymentIntentData> {
  const priced = pricePurchase(catalogue, body);
  const purchase = await em.transactional(async (transaction) => {
    const account = await openCreditAccount(transaction, requester);
    return recordPendingPurchase(transaction, {
      userId: requester.userId,
      accountId: account.id,
      credits: priced.credits,
      amountCents: priced.amountCents,
      currency: catalogue.currency,
      packageId: priced.packageId,
    });
  });

  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: purchase.amountCents,
        currency: purchase.currency,
        // Cards only: they confirm inside the dialog (3-D Secure in Stripe's own frame), never by leaving the page.
        allowed_payment_method_types: ['card'],
        description: `${purchase.credits} Quorum credits`,
        metadata: { purchase_id: purchase.id, user_id: requester.userId, credits: String(purchase.credits) },
      },
      { idempotencyKey: `quorum-purchase-${purchase.id}` },
    );
  } catch (error) {
    await markPurchaseFailed(em, purchase.id);
    throw paymentErrorFromStripe(error);
  }
  if (!intent.client_secret) throw new AppError('PAYMENT_UNAVAILABLE', undefined, { cause: new Error(`intent ${intent.id} has no client secret`) });
  await attachPaymentIntent(em, purchase.id, intent.id);

  return {
    clientSecret: intent.client_secret,
    paymentIntentId: intent.id,
    purchaseId: purchase.id,
    credits: purchase.credits,
    amount: purchase.amountCents,
    price: purchase.amountCents / 100,
    currency: purchase.currency,
  };
}

/**
 * `PUT /api/payments`: after the card was confirmed in the browser. Asks Stripe (never the browser) whether the
 * intent succeeded, checks it is this person's purchase at its price, and credits it once. The webhook credits
 * through the same `creditPurchase`, so whichever comes second is told it was already processed.
 */
export async function confirmPurchase(
  em: EntityManager,
  stripe: Stripe,
  userId: string,
  paymentIntentId: string,
): Promise<PaymentConfirmation> {
  const purchase = await findPurchaseByIntent(em, paymentIntentId);
  // Someone else's payment is answered exactly like one that does not exist.
  if (!purchase || purchase.userId !== userId) throw new AppError('PAYMENT_NOT_FOUND', PAYMENT_TEXTS.notFound);
  if (purchase.status === 'succeeded') throw new AppError('PAYMENT_ALREADY_PROCESSED', PAYMENT_TEXTS.alreadyProcessed);

  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(paymentIntentId);
  } catch (error) {
    throw paymentErrorFromStripe(error);
  }
  if (intent.metadata?.purchase_id !== purchase.id || intent.metadata?.user_id !== userId || intent.amount !== purchase.amountCents || intent.currency !== purchase.currency) {
    throw new AppError('PAYMENT_NOT_FOUND', PAYMENT_TEXTS.notFound);
  }
  if (intent.status === 'processing' || intent.status === 'requires_action' || intent.status === 'requires_confirmation' || intent.status === 'requires_capture') {
    throw new AppError('PAYMENT_PROCESSING', PAYMENT_TEXTS.processing);
  }
  if (intent.status !== 'succeeded') {
    throw new AppError('PAYMENT_FAILED', intent.last_payment_error?.message ? `${PAYMENT_TEXTS.failed}: ${intent.last_payment_error.message}` : PAYMENT_TEXTS.failed);
  }

  const result = await em.transactional(async (transaction) => {
    const outcome = await creditPurchase(transaction, paymentIntentId);
    return { outcome, creditsRemaining: await spendableCreditsOfAccount(transaction, purchase.accountId) };
  });
  if (result.outcome.outcome !== 'credited') throw new AppError('PAYMENT_ALREADY_PROCESSED', PAYMENT_TEXTS.alreadyProcessed);
  return {
    status: 'succeeded',
    message: PAYMENT_TEXTS.succeeded(purchase.credits),
    creditsAdded: purchase.credits,
    creditsRemaining: result.creditsRemaining,
    tier: 'subscribed',
  };
}
