import { randomUUID } from 'node:crypto';
import type { QuorumConfig } from '../core/config/config.ts';
import { creditOnce, ensureCreditAccount } from '../core/credits/credit-ledger.ts';
import { User } from '../core/database/entities/user.ts';
import { openDatabase } from '../core/database/open-database.ts';
import { createLogger } from '../core/logging/create-logger.ts';
import { SESSION_COOKIE } from '../server/auth/session-cookie.ts';
import { SessionService } from '../server/auth/session-service.ts';

/** Session cookies of funded users, handed out in turn so that concurrent requests are paid from different accounts. */
export interface FundedUsers {
  count: number;
  /** The next user's `Cookie` header value (`quorum_session=…`). */
  nextCookie(): string;
}

/**
 * Signed-in `subscribed` users with 1,000,000 credits each, written straight into Quorum's database the way
 * `tests/support/test-stack.ts` (`createFundedUser`) does it: the user row, a credit account with a purchase, and
 * a session. Guests only get 20 credits once per IP and free-tier models, and may not compare at all. Call once the
 * server is healthy: it has applied the migrations by then.
 */
export async function createFundedUsers(config: QuorumConfig, count: number): Promise<FundedUsers> {
  const orm = await openDatabase({ databaseUrl: config.databaseUrl, logger: createLogger(config, 'benchmark'), poolSize: 2, prepare: false });
  const cookies: string[] = [];
  try {
    const sessions = new SessionService(config.auth);
    for (let index = 0; index < count; index += 1) {
      const em = orm.em.fork();
      const user = em.create(User, {
        id: randomUUID(),
        name: `Benchmark user ${index + 1}`,
        email: `bench-${randomUUID()}@example.com`,
        emailVerified: true,
        passwordHash: 'not-a-usable-hash',
        tier: 'subscribed',
      });
      await em.flush();
      const account = await ensureCreditAccount(em, { userId: user.id });
      await creditOnce(em, account.id, 'purchase', 1_000_000, `benchmark-funding:${user.id}`);
      const session = await sessions.issue(em, user);
      cookies.push(`${SESSION_COOKIE}=${session.token}`);
    }
  } finally {
    await orm.close();
  }
  let next = 0;
  return {
    count,
    nextCookie: () => cookies[next++ % cookies.length]!,
  };
}
