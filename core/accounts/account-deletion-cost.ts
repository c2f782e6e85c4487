import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountDeletionCost } from '../../contract/account.ts';

/**
 * What deleting an account forfeits, read from the ledger: its whole balance (deletion releases the holds of
 * answers still running, and those credits go with the rest) and, per currency, what its card purchases cost and
 * bought. A refund or dispute took credits back in proportion to the money returned (`reversed_credits`), so the
 * money still paid is the same share of the price.
 */
export async function accountDeletionCost(em: EntityManager, userId: string): Promise<AccountDeletionCost> {
  const [account] = await em.execute<{ balance: string }[]>(`select balance from credit_accounts where user_id = ?`, [userId]);
  const paid = await em.execute<{ currency: string; amount_cents: string; credits: string }[]>(
    `select currency,
            sum(credits - reversed_credits) as credits,
            sum(round(amount_cents::numeric * (credits - reversed_credits) / credits)) as amount_cents
       from credit_purchases
      where user_id = ? and status = 'succeeded'
      group by currency
     having sum(credits - reversed_credits) > 0
      order by min(created_at)`,
    [userId],
  );
  return {
    balance: Number(account?.balance ?? 0),
    paid: paid.map((row) => ({ currency: row.currency, amountCents: Number(row.amount_cents), credits: Number(row.credits) })),
  };
}
