import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { QuorumConfig } from '../../core/config/config.ts';
import { creditOnce, ensureCreditAccount } from '../../core/credits/credit-ledger.ts';
import { User } from '../../core/database/entities/user.ts';
import { SESSION_COOKIE } from '../../server/auth/session-cookie.ts';
import { SessionService } from '../../server/auth/session-service.ts';

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
