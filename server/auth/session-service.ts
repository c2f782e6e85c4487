import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { UserSession } from '../../core/database/entities/user-session.ts';
import type { User } from '../../core/database/entities/user.ts';
import { hashToken, newSecretToken } from './secret-tokens.ts';

const HOUR_MS = 3_600_000;
/** A session's expiry slides at most this often, so a busy page does not write to Postgres on every request. */
const SLIDE_EVERY_MS = 5 * 60_000;

export interface SessionPolicy {
  sessionIdleHours: number;
  sessionMaxDays: number;
}

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

export interface ResolvedSession {
  session: UserSession;
  user: User;
  /** The expiry moved: the cookie must be sent again with the new date. */
  extended: boolean;
}

/** Sessions with a sliding idle expiry and an absolute cap, looked up by the hash of the cookie's token. */
export class SessionService {
  constructor(private readonly policy: SessionPolicy) {}

  async issue(em: EntityManager, user: User, now = new Date()): Promise<IssuedSession> {
    const token = newSecretToken();
    const absoluteExpiresAt = new Date(now.getTime() + this.policy.sessionMaxDays * 24 * HOUR_MS);
    const expiresAt = this.idleExpiry(now, absoluteExpiresAt);
    em.create(UserSession, { id: randomUUID(), user, tokenHash: hashToken(token), expiresAt, absoluteExpiresAt, createdAt: now, lastSeenAt: now });
    await em.flush();
    return { token, expiresAt };
  }

  async resolve(em: EntityManager, token: string, now = new Date()): Promise<ResolvedSession | undefined> {
    const session = await em.findOne(UserSession, { tokenHash: hashToken(token) }, { populate: ['user'] });
    if (!session) return undefined;
    if (session.expiresAt <= now) {
      await em.nativeDelete(UserSession, { id: session.id });
      return undefined;
    }
    let extended = false;
    if (now.getTime() - session.lastSeenAt.getTime() >= SLIDE_EVERY_MS) {
      session.lastSeenAt = now;
      session.expiresAt = this.idleExpiry(now, session.absoluteExpiresAt);
      await em.flush();
      extended = true;
    }
    return { session, user: session.user, extended };
  }

  async revoke(em: EntityManager, token: string): Promise<void> {
    await em.nativeDelete(UserSession, { tokenHash: hashToken(token) });
  }

  private idleExpiry(now: Date, absoluteExpiresAt: Date): Date {
    return new Date(Math.min(now.getTime() + this.policy.sessionIdleHours * HOUR_MS, absoluteExpiresAt.getTime()));
  }
}
