import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

/** One card purchase as stored: what was bought, at what price, and how far it has gone. */
export interface PurchaseRecord {
  id: string;
  userId: string | null;
  accountId: string;
  credits: number;
  amountCents: number;
  currency: string;
  packageId: string | null;
  paymentIntentId: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  reversedCredits: number;
  unrecoveredCredits: number;
}

interface PurchaseRow {
  id: string;
  user_id: string | null;
  account_id: string;
  credits: number;
  amount_cents: number;
  currency: string;
  package_id: string | null;
  payment_intent_id: string | null;
  status: PurchaseRecord['status'];
  reversed_credits: number;
  unrecovered_credits: number;
}

const COLUMNS = 'id, user_id, account_id, credits, amount_cents, currency, package_id, payment_intent_id, status, reversed_credits, unrecovered_credits';

function toRecord(row: PurchaseRow): PurchaseRecord {
  return {
    id: row.id,
    userId: row.user_id,
    accountId: row.account_id,
    credits: Number(row.credits),
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    packageId: row.package_id,
    paymentIntentId: row.payment_intent_id,
    status: row.status,
    reversedCredits: Number(row.reversed_credits),
    unrecoveredCredits: Number(row.unrecovered_credits),
  };
}

/** Writes the purchase before Stripe hears of it, so the intent can carry its id (metadata, idempotency key). */
export async function recordPendingPurchase(
  em: EntityManager,
  purchase: { userId: string; accountId: string; credits: number; amountCents: number; currency: string; packageId: string | null },
): Promise<PurchaseRecord> {
  const rows = await em.execute<PurchaseRow[]>(
    `insert into credit_purchases (id, user_id, account_id, credits, amount_cents, currency, package_id)
     values (?, ?, ?, ?, ?, ?, ?) returning ${COLUMNS}`,
    [randomUUID(), purchase.userId, purchase.accountId, purchase.credits, purchase.amountCents, purchase.currency, purchase.packageId],
  );
  return toRecord(rows[0]!);
}

export async function attachPaymentIntent(em: EntityManager, purchaseId: string, paymentIntentId: string): Promise<void> {
  await em.execute(`update credit_purchases set payment_intent_id = ?, updated_at = now() where id = ?`, [paymentIntentId, purchaseId]);
}

/** A purchase that never reached Stripe (it was out of reach): kept for the record, never credited. */
export async function markPurchaseFailed(em: EntityManager, purchaseId: string): Promise<void> {
  await em.execute(`update credit_purchases set status = 'failed', updated_at = now() where id = ? and status = 'pending'`, [purchaseId]);
}

/** The purchase paid by `paymentIntentId`, locked for the rest of the caller's transaction when `lock` is set. */
export async function findPurchaseByIntent(em: EntityManager, paymentIntentId: string, options: { lock?: boolean } = {}): Promise<PurchaseRecord | undefined> {
  const rows = await em.execute<PurchaseRow[]>(
    `select ${COLUMNS} from credit_purchases where payment_intent_id = ?${options.lock ? ' for update' : ''}`,
    [paymentIntentId],
  );
  return rows[0] ? toRecord(rows[0]) : undefined;
}
