import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { creditPurchase, reversePurchase, type CreditOutcome, type ReversalOutcome } from './purchase-settlement.ts';
import { findPurchaseByIntent } from './purchase-records.ts';

/** What handling one Stripe event did, for the log and for telling the buyer's open tabs. */
export type StripeEventOutcome =
  | { kind: 'duplicate' }
  | { kind: 'ignored'; reason: string }
  | { kind: 'credited'; userId: string | null; credits: number }
  | { kind: 'already-credited' }
  | { kind: 'failed'; paymentIntentId: string }
  | { kind: 'reversed'; userId: string | null; reversal: ReversalOutcome };

/**
 * Handles one verified Stripe event inside the caller's transaction. The event id is recorded first: a second
 * delivery finds it and does nothing, and if handling fails the transaction rolls the record back with everything
 * else, so Stripe's retry runs it again.
 */
export async function handleStripeEvent(em: EntityManager, event: Stripe.Event): Promise<StripeEventOutcome> {
  const recorded = await em.execute<{ id: string }[]>(
    `insert into payment_events (id, type) values (?, ?) on conflict (id) do nothing returning id`,
    [event.id, event.type],
  );
  if (recorded.length === 0) return { kind: 'duplicate' };

  switch (event.type) {
    case 'payment_intent.succeeded':
      return creditSucceededIntent(em, event.data.object);
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      await em.execute(`update credit_purchases set status = 'failed', updated_at = now() where payment_intent_id = ? and status = 'pending'`, [intent.id]);
      return { kind: 'failed', paymentIntentId: intent.id };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId = idOf(charge.payment_intent);
      if (!intentId) return { kind: 'ignored', reason: 'refunded charge has no payment intent' };
      return reversal(em, intentId, charge.amount_refunded);
    }
    case 'charge.dispute.created': {
      // A dispute takes the disputed money back at once: the credits it bought go with it (a won dispute is
      // re-credited by hand; see docs/credits-and-payments.md).
      const dispute = event.data.object;
      const intentId = idOf(dispute.payment_intent);
      if (!intentId) return { kind: 'ignored', reason: 'dispute has no payment intent' };
      const purchase = await findPurchaseByIntent(em, intentId);
      if (!purchase) return { kind: 'ignored', reason: 'no purchase for this payment intent' };
      return reversal(em, intentId, Math.min(dispute.amount, purchase.amountCents));
    }
    default:
      return { kind: 'ignored', reason: `event type ${event.type} is not used` };
  }
}

async function creditSucceededIntent(em: EntityManager, intent: Stripe.PaymentIntent): Promise<StripeEventOutcome> {
  const purchase = await findPurchaseByIntent(em, intent.id);
  if (!purchase) return { kind: 'ignored', reason: 'no purchase for this payment intent' };
  // The intent must be the one we created for this purchase: same price, same currency, our purchase id.
  if (intent.amount !== purchase.amountCents || intent.currency !== purchase.currency || intent.metadata?.purchase_id !== purchase.id) {
    return { kind: 'ignored', reason: 'payment intent does not match its purchase' };
  }
  const result: CreditOutcome = await creditPurchase(em, intent.id);
  if (result.outcome === 'credited') return { kind: 'credited', userId: result.purchase.userId, credits: result.purchase.credits };
  return { kind: 'already-credited' };
}

async function reversal(em: EntityManager, intentId: string, refundedCents: number): Promise<StripeEventOutcome> {
  const purchase = await findPurchaseByIntent(em, intentId);
  const outcome = await reversePurchase(em, intentId, refundedCents);
  if (!purchase || !outcome) return { kind: 'ignored', reason: 'no purchase for this payment intent' };
  return { kind: 'reversed', userId: purchase.userId, reversal: outcome };
}

function idOf(reference: string | { id: string } | null | undefined): string | undefined {
  if (!reference) return undefined;
  return typeof reference === 'string' ? reference : reference.id;
}
