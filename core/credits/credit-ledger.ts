import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

/**
 * The credit ledger's operations, each a few SQL statements meant to run inside the caller's transaction. Holds are
 * placed by the admission statement (`admission-statement.ts`) and captured or released by the
 * statement that ends a run (`core/runs/run-lifecycle.ts`), each in one round trip; what is here serves the rest:
 * accounts, grants and purchases, locks, and releasing a hold whose run is gone. Money is
 * handled in plain SQL on purpose: every statement is conditional (`where status = 'held'`, `on conflict do
 * nothing`), so BullMQ's at-least-once delivery, two servers and a sweeper can all call these without charging
 * twice, and the database's CHECKs stop anything that would make a balance negative.
 */

export type CreditOwner = { userId: string } | { guestKey: string };

export interface CreditAccountState {
  id: string;
  balance: number;
  held: number;
}

/** What an account can still spend: its balance less what is on hold for answers still running. */
export function spendable(account: Pick<CreditAccountState, 'balance' | 'held'>): number {
  return account.balance - account.held;
}

/**
 * What a user can spend now, read from their account as stored; undefined when no account was opened yet. For telling
 * the person's tabs about a change to an account that exists; a decision to spend reads `spendableCreditsOf`
 * (`requester.ts`), which opens the account with its grant first.
 */
export async function spendableCreditsOfUser(em: EntityManager, userId: string): Promise<number | undefined> {
  const [row] = await em.execute<{ available: string }[]>(`select balance - held as available from credit_accounts where user_id = ?`, [userId]);
  return row ? Number(row.available) : undefined;
}

/** What an account can spend now, read inside the caller's transaction. */
export async function spendableCreditsOfAccount(em: EntityManager, accountId: string): Promise<number> {
  const [row] = await em.execute<{ available: string }[]>(`select balance - held as available from credit_accounts where id = ?`, [accountId]);
  return Number(row!.available);
}

/** Finds or creates the owner's account. Safe under concurrency: two creators end up with the same row. */
export async function ensureCreditAccount(em: EntityManager, owner: CreditOwner): Promise<CreditAccountState> {
  const [column, value] = 'userId' in owner ? ['user_id', owner.userId] : ['guest_key', owner.guestKey];
  await em.execute(
    `insert into credit_accounts (id, ${column}) values (?, ?) on conflict (${column}) do nothing`,
    [randomUUID(), value],
  );
  const rows = await em.execute<{ id: string; balance: string; held: string }[]>(
    `select id, balance, held from credit_accounts where ${column} = ?`,
    [value],
  );
  const row = rows[0]!;
  return { id: row.id, balance: Number(row.balance), held: Number(row.held) };
}

/** Adds credits once per reference (a grant reason, a payment id). Returns false when that reference was used. */
export async function creditOnce(
  em: EntityManager,
  accountId: string,
  kind: 'grant' | 'purchase' | 'refund',
  amount: number,
  reference: string,
): Promise<boolean> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into credit_entries (id, account_id, kind, amount, reference) values (?, ?, ?, ?, ?)
     on conflict (reference) do nothing returning id`,
    [randomUUID(), accountId, kind, amount, reference],
  );
  if (inserted.length === 0) return false;
  await em.execute(`update credit_accounts set balance = balance + ? where id = ?`, [amount, accountId]);
  return true;
}

/**
 * Gives an account its one-time grant: once per reference (an address, a network) and once per account. The second
 * rule matters when an account moves to a new address: the new address's grant would otherwise be given to an
 * account that already had the old one's. The partial index `credit_entries_grant_index` keeps the check cheap.
 */
export async function grantOnce(em: EntityManager, accountId: string, amount: number, reference: string): Promise<boolean> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into credit_entries (id, account_id, kind, amount, reference)
     select ?, ?, 'grant', ?, ? where not exists (select 1 from credit_entries where account_id = ? and kind = 'grant')
     on conflict (reference) do nothing returning id`,
    [randomUUID(), accountId, amount, reference, accountId],
  );
  if (inserted.length === 0) return false;
  await em.execute(`update credit_accounts set balance = balance + ? where id = ?`, [amount, accountId]);
  return true;
}

/**
 * Adds credits an operator (or the demo button) gave by hand, as an `operator_grant` entry naming who and why, once
 * per reference. Returns false when that reference was used. The caller validates and usually holds the account's lock.
 */
export async function addOperatorGrant(
  em: EntityManager,
  accountId: string,
  grant: { amount: number; reference: string; grantedBy: string; reason: string },
): Promise<boolean> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into credit_entries (id, account_id, kind, amount, reference, granted_by, reason) values (?, ?, 'operator_grant', ?, ?, ?, ?)
     on conflict (reference) do nothing returning id`,
    [randomUUID(), accountId, grant.amount, grant.reference, grant.grantedBy, grant.reason],
  );
  if (inserted.length === 0) return false;
  await em.execute(`update credit_accounts set balance = balance + ? where id = ?`, [grant.amount, accountId]);
  return true;
}

/** Locks the account for the rest of the transaction, so concurrent admissions against it take turns. */
export async function lockCreditAccount(em: EntityManager, accountId: string): Promise<CreditAccountState> {
  const rows = await em.execute<{ id: string; balance: string; held: string }[]>(
    `select id, balance, held from credit_accounts where id = ? for update`,
    [accountId],
  );
  const row = rows[0];
  if (!row) throw new Error(`credit account ${accountId} does not exist`);
  return { id: row.id, balance: Number(row.balance), held: Number(row.held) };
}

/**
 * Locks the owner's account if it exists: the common case at admission, one statement instead of opening the
 * account and checking its grant again (an account is only ever created together with its grant).
 */
export async function lockOwnedCreditAccount(em: EntityManager, owner: CreditOwner): Promise<CreditAccountState | undefined> {
  const [column, value] = 'userId' in owner ? ['user_id', owner.userId] : ['guest_key', owner.guestKey];
  const rows = await em.execute<{ id: string; balance: string; held: string }[]>(
    `select id, balance, held from credit_accounts where ${column} = ? for update`,
    [value],
  );
  const row = rows[0];
  return row ? { id: row.id, balance: Number(row.balance), held: Number(row.held) } : undefined;
}

/**
 * Gives a run's hold back, once (the second caller finds nothing to end): for holds whose run is gone or never
 * settled (the sweeper, account deletion). A run that ends normally releases its hold in its ending statement.
 */
export async function releaseHold(em: EntityManager, runId: string): Promise<number> {
  const [released] = await em.execute<{ amount: string }[]>(
    `with released as (
       update credit_holds set status = 'released', resolved_at = now() where run_id = ? and status = 'held' returning account_id, amount
     ), account as (
       update credit_accounts as account set held = account.held - released.amount from released where account.id = released.account_id
     )
     select amount from released`,
    [runId],
  );
  return released ? Number(released.amount) : 0;
}

/** Before a user is deleted: their open holds are released and the account keeps its history without them. */
export async function anonymiseCreditAccount(em: EntityManager, userId: string): Promise<void> {
  const rows = await em.execute<{ run_id: string }[]>(
    `select h.run_id from credit_holds h join credit_accounts a on a.id = h.account_id where a.user_id = ? and h.status = 'held'`,
    [userId],
  );
  for (const row of rows) await releaseHold(em, row.run_id);
  await em.execute(`update credit_accounts set anonymised_at = now() where user_id = ?`, [userId]);
}

/**
 * Takes back `amount` credits bought with a payment that was refunded or disputed, once per reference. The caller
 * has locked the account and capped `amount` at what it can spend, so the balance never goes below what is held.
 */
export async function reverseCredits(em: EntityManager, accountId: string, amount: number, reference: string): Promise<void> {
  await em.execute(`insert into credit_entries (id, account_id, kind, amount, reference) values (?, ?, 'reversal', ?, ?)`, [
    randomUUID(),
    accountId,
    -amount,
    reference,
  ]);
  await em.execute(`update credit_accounts set balance = balance - ? where id = ?`, [amount, accountId]);
}

/** Every credit on hold right now, over all accounts: the operators' gauge of answers not yet settled. */
export async function creditsHeldInTotal(em: EntityManager): Promise<number> {
  const [row] = await em.getConnection().execute<{ held: string }[]>(`select coalesce(sum(amount), 0)::text as held from credit_holds where status = 'held'`);
  return Number(row?.held ?? 0);
}

/** Runs whose hold outlived the run's longest possible life: they will never settle on their own. */
export async function runsWithExpiredHolds(em: EntityManager, limit: number): Promise<string[]> {
  const rows = await em.getConnection().execute<{ run_id: string }[]>(
    `select run_id from credit_holds where status = 'held' and expires_at < now() limit ?`,
    [limit],
  );
  return rows.map((row) => row.run_id);
}

