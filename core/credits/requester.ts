import type { EntityManager } from '@mikro-orm/postgresql';
import { ensureCreditAccount, grantOnce, spendable, type CreditAccountState, type CreditOwner } from './credit-ledger.ts';
import { GUEST_GRANT, REGISTERED_GRANT, type Tier } from './pricing.ts';
import type { User } from '../database/index.ts';
import { keyedDigest } from '../secrets/index.ts';

/** Who is asking, as the credit rules see it: a tier, whose account pays, and the one-time grant they are due. */
export interface Requester {
  tier: Tier;
  owner: CreditOwner;
  userId: string | null;
  guestKey: string;
  /** The browser's anonymous session id: with a guest's request, what lets only that browser watch it. */
  anonymousSessionId: string;
  grant: { amount: number; reference: string };
  /** Set when asking with a developer API key: the request is counted against the key and its monthly cap. */
  apiKey?: { id: string; monthlyCreditCap: number | null };
}

/** The ledger reference of an address's one-time grant: a keyed digest, so the ledger never holds the address. */
export function registeredGrantReference(appSecret: string, email: string): string {
  return `grant:registered:${keyedDigest(appSecret, 'email', email)}`;
}

/** Whether this address's one-time grant was already given (to an account that may since have been deleted). */
export async function addressWasGranted(em: EntityManager, appSecret: string, email: string): Promise<boolean> {
  const rows = await em.execute<unknown[]>(`select 1 from credit_entries where reference = ?`, [registeredGrantReference(appSecret, email)]);
  return rows.length > 0;
}

/**
 * A signed-in person pays from their own account and is due 150 credits once per email address (the reference is a
 * keyed digest of the address, so deleting and re-registering does not grant again). A guest pays from the account
 * of their IP (HMAC'd) and is due 20 once per IP.
 */
export function requesterFor(appSecret: string, user: User | undefined, identity: { guestKey: string; anonymousSessionId: string }): Requester {
  const { guestKey, anonymousSessionId } = identity;
  if (user) {
    return {
      tier: user.tier,
      owner: { userId: user.id },
      userId: user.id,
      guestKey,
      anonymousSessionId,
      grant: { amount: REGISTERED_GRANT, reference: registeredGrantReference(appSecret, user.email) },
    };
  }
  return {
    tier: 'free',
    owner: { guestKey },
    userId: null,
    guestKey,
    anonymousSessionId,
    grant: { amount: GUEST_GRANT, reference: `grant:guest:${guestKey}` },
  };
}

/**
 * Whether the requester's one-time grant went to another account: an address registered again after its account
 * was deleted, or a guest whose network had its free credits on an earlier browser. One indexed lookup.
 */
export async function grantWentElsewhere(em: EntityManager, requester: Requester, accountId: string): Promise<boolean> {
  const rows = await em.execute<{ account_id: string }[]>(`select account_id from credit_entries where reference = ?`, [requester.grant.reference]);
  return rows.length > 0 && rows[0]!.account_id !== accountId;
}

/**
 * The requester's account, created on first use and given its grant if neither it nor the address (or network) ever
 * had one.
 */
export async function openCreditAccount(em: EntityManager, requester: Requester): Promise<CreditAccountState> {
  const account = await ensureCreditAccount(em, requester.owner);
  const granted = await grantOnce(em, account.id, requester.grant.amount, requester.grant.reference);
  return granted ? { ...account, balance: account.balance + requester.grant.amount } : account;
}

/**
 * What the requester can spend now (balance − held): the balance every decision to spend must read. The account is
 * opened first, with its one-time grant, when nothing has opened it yet (a person whose first call after verifying
 * saves a tracked set has no account row until then), so this reads 150 for that person, as `GET /api/credits` and
 * an admission would, never the 0 of an account not yet opened.
 */
export async function spendableCreditsOf(em: EntityManager, requester: Requester): Promise<number> {
  return spendable(await em.transactional((transaction) => openCreditAccount(transaction, requester)));
}
