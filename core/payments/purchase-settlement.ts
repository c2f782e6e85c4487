import type { EntityManager } from '@mikro-orm/postgresql';
import { markSubscribed } from '../accounts/index.ts';
import { creditOnce, lockCreditAccount, reverseCredits, spendable } from '../credits/index.ts';
import { findPurchaseByIntent, type PurchaseRecord } from './purchase-records.ts';

/**
 * Turning a paid intent into credits, and taking them back after a refund or a dispute. Both run inside the
 * caller's transaction and lock the purchase row first, so the browser's confirmation and Stripe's webhook (or two
 * deliveries of one webhook) take turns; the ledger entry's unique reference (`purchase:<intent id>`) is a second
 * guard, enforced by Postgres, against crediting twice.
 */

export type CreditOutcome =
  | { outcome: 'credited'; purchase: PurchaseRecord }
  | { outcome: 'already-credited'; purchase: PurchaseRecord }
  /** Failed, or refunded before it was ever credited (Stripe's events may arrive out of order): never credited. */
  | { outcome: 'voided'; purchase: PurchaseRecord }
  | { outcome: 'unknown' };

/** Credits a succeeded purchase once and makes its buyer a subscriber. The caller has checked the intent succeeded. */
export async function creditPurchase(em: EntityManager, paymentIntentId: string): Promise<CreditOutcome> {
  const purchase = await findPurchaseByIntent(em, paymentIntentId, { lock: true });
  if (!purchase) return { outcome: 'unknown' };
  if (purchase.status === 'succeeded') return { outcome: 'already-credited', purchase };
  if (purchase.status === 'failed') return { outcome: 'voided', purchase };
  const credited = await creditOnce(em, purchase.accountId, 'purchase', purchase.credits, purchaseReference(paymentIntentId));
  await em.execute(`update credit_purchases set status = 'succeeded', credited_at = now(), updated_at = now() where id = ?`, [purchase.id]);
  if (purchase.userId) await markSubscribed(em, purchase.userId);
  return credited ? { outcome: 'credited', purchase } : { outcome: 'already-credited', purchase };
}

export function purchaseReference(paymentIntentId: string): string {
  return `purchase:${paymentIntentId}`;
}

export interface ReversalOutcome {
  /** Credits taken back from the balance now. */
  taken: number;
  /** Credits that should have been taken back now but had already been spent (or were held by running answers). */
  unrecovered: number;
}

/**
 * Takes back what a refund or dispute covers: `refundedCents` of the purchase's price (cumulative, as Stripe
 * reports it) means that share of its credits. Only the difference to what was already reversed is taken, so
 * repeated or partial refunds add up exactly. A balance is never pushed below zero or below what running answers
 * hold: the part already spent is recorded on the purchase as unrecovered, for a person to follow up.
 */
export async function reversePurchase(em: EntityManager, paymentIntentId: string, refundedCents: number): Promise<ReversalOutcome | undefined> {
  const purchase = await findPurchaseByIntent(em, paymentIntentId, { lock: true });
  if (!purchase) return undefined;
  if (purchase.status !== 'succeeded') {
    // Refunded before it was ever credited: make sure it never will be.
    await em.execute(`update credit_purchases set status = 'failed', updated_at = now() where id = ? and status = 'pending'`, [purchase.id]);
    return { taken: 0, unrecovered: 0 };
  }
  const share = Math.min(1, Math.max(0, refundedCents / purchase.amountCents));
  const target = share >= 1 ? purchase.credits : Math.floor(purchase.credits * share);
  const owed = target - purchase.reversedCredits;
  if (owed <= 0) return { taken: 0, unrecovered: 0 };

  const account = await lockCreditAccount(em, purchase.accountId);
  const taken = Math.min(owed, Math.max(0, spendable(account)));
  if (taken > 0) await reverseCredits(em, purchase.accountId, taken, `reversal:${paymentIntentId}:${target}`);
  await em.execute(
    `update credit_purchases set reversed_credits = ?, unrecovered_credits = unrecovered_credits + ?, updated_at = now() where id = ?`,
    [target, owed - taken, purchase.id],
  );
  return { taken, unrecovered: owed - taken };
}
