import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { QuorumConfig } from '../../core/config/config.ts';
import { User } from '../../core/database/entities/user.ts';
import { SESSION_COOKIE } from '../../server/auth/session-cookie.ts';
import { SessionService } from '../../core/accounts/session-service.ts';

/** A signed-in account with the given email, written straight into the database; returns its session cookie's value. */
export async function signedInAs(em: EntityManager, config: QuorumConfig, email: string): Promise<{ cookie: string; token: string }> {
  const user = em.create(User, { id: randomUUID(), name: 'Operator', email, emailVerified: true, passwordHash: 'not-a-usable-hash', tier: 'registered' });
  await em.flush();
  const session = await new SessionService(config.auth).issue(em, user);
  return { cookie: `${SESSION_COOKIE}=${session.token}`, token: session.token };
}
