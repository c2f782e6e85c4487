import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { QuorumConfig } from '../../core/config/config.ts';
import { creditOnce, ensureCreditAccount } from '../../core/credits/credit-ledger.ts';
import { User } from '../../core/database/entities/user.ts';
import { SESSION_COOKIE } from '../../server/auth/session-cookie.ts';
import { SessionService } from '../../core/accounts/session-service.ts';
import { requesterFor } from '../../core/credits/requester.ts';

/**
 * A signed-in `subscribed` user with 1,000,000 credits, written straight into the database: for tests and
 * benchmarks about answers rather than money (guests get 20 credits, free-tier models only, and no comparisons).
 * Returns the session cookie (`quorum_session=…`).
 */
export async function createFundedUser(em: EntityManager, config: QuorumConfig, label = 'Funded Tester'): Promise<string> {
  const user = em.create(User, {
    id: randomUUID(),
    name: label,
    email: `funded-${randomUUID()}@example.com`,
    emailVerified: true,
    passwordHash: 'not-a-usable-hash',
    tier: 'subscribed',
  });
  await em.flush();
  const account = await ensureCreditAccount(em, { userId: user.id });
  await creditOnce(em, account.id, 'purchase', 1_000_000, `funding:${user.id}`);
  const session = await new SessionService(config.auth).issue(em, user);
  return `${SESSION_COOKIE}=${session.token}`;
}

/**
 * A signed-in user whose account holds exactly `credits`: the amount is booked as their one-time grant, so none is
 * due later and every change to the balance is the test's doing. For tests about money.
 */
export async function createPayer(em: EntityManager, config: QuorumConfig, credits: number): Promise<{ user: User; accountId: string; cookie: string }> {
  const user = em.create(User, { id: randomUUID(), name: 'Payer', email: `payer-${randomUUID()}@example.com`, emailVerified: true, passwordHash: 'x', tier: 'registered' });
  await em.flush();
  const account = await ensureCreditAccount(em, { userId: user.id });
  await creditOnce(em, account.id, 'grant', credits, requesterFor(config.appSecret, user, { guestKey: 'unused', anonymousSessionId: 'unused' }).grant.reference);
  const session = await new SessionService(config.auth).issue(em, user);
  return { user, accountId: account.id, cookie: `${SESSION_COOKIE}=${session.token}` };
}

/** An account's balance and what is on hold, as stored. */
export async function accountLedger(em: EntityManager, accountId: string): Promise<{ balance: number; held: number }> {
  const [row] = await em.getConnection().execute<{ balance: string; held: string }[]>(`select balance, held from credit_accounts where id = ?`, [accountId]);
  return { balance: Number(row!.balance), held: Number(row!.held) };
}

/** How many requests a user has stored: a refused question must leave none behind. */
export async function storedRequestCount(em: EntityManager, userId: string): Promise<number> {
  const [row] = await em.getConnection().execute<{ count: number }[]>(`select count(*)::int as count from search_requests where user_id = ?`, [userId]);
  return row!.count;
}
