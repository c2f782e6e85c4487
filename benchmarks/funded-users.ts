import type { QuorumConfig } from '../core/config/index.ts';
import { openDatabase } from '../core/database/index.ts';
import { createLogger } from '../core/logging/index.ts';
import { createFundedUser } from '../tests/support/funded-user.ts';

/** Session cookies of funded users, handed out in turn so that concurrent requests are paid from different accounts. */
export interface FundedUsers {
  count: number;
  /** The next user's `Cookie` header value (`quorum_session=…`). */
  nextCookie(): string;
}

/**
 * Signed-in `subscribed` users with 1,000,000 credits each (`createFundedUser`, shared with the tests). Call once
 * the server is healthy: it has applied the migrations by then.
 */
export async function createFundedUsers(config: QuorumConfig, count: number): Promise<FundedUsers> {
  const orm = await openDatabase({ databaseUrl: config.databaseUrl, logger: createLogger(config, 'benchmark'), poolSize: 2, prepare: false });
  const cookies: string[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      cookies.push(await createFundedUser(orm.em.fork(), config, `Benchmark user ${index + 1}`));
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
