import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { User, UserSession, type UserTier } from '../database/index.ts';
import { hashToken, newSecretToken } from '../secrets/index.ts';
import { SessionCache, type SessionInvalidation } from './session-cache.ts';

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

/**
 * Sessions with a sliding idle expiry and an absolute cap, looked up by the hash of the cookie's token: from the
 * server's session cache when it holds the session, else from Postgres (one query for the session and its user).
 */
export class SessionService {
  /** Empty and unused unless a server turns it on (see server/plugins/app/session-invalidations.ts). */
  readonly cache: SessionCache<SessionWithUserRow>;
  /** Tells every server to forget sessions; set by the server that owns a Redis connection. */
  announce: (invalidation: SessionInvalidation) => Promise<void> = async () => undefined;

  constructor(
    private readonly policy: SessionPolicy,
    cacheTtlMs = 0,
  ) {
    this.cache = new SessionCache(cacheTtlMs);
  }

  /**
   * Forgets sessions here and on every server: call it after the change that ended them (sign-out, account
   * deletion, a changed tier or address) has been committed. A lost announcement only leaves other servers'
   * entries to lapse on their own, within the cache's time to live, so it does not fail the request.
   */
  async forgetEverywhere(invalidation: SessionInvalidation): Promise<void> {
    this.cache.forget(invalidation);
    await this.announce(invalidation).catch(() => undefined);
  }

  async issue(em: EntityManager, user: User, now = new Date(), userAgent?: string): Promise<IssuedSession> {
    const token = newSecretToken();
    const absoluteExpiresAt = new Date(now.getTime() + this.policy.sessionMaxDays * 24 * HOUR_MS);
    const expiresAt = this.idleExpiry(now, absoluteExpiresAt);
    em.create(UserSession, {
      id: randomUUID(),
      user,
      tokenHash: hashToken(token),
      expiresAt,
      absoluteExpiresAt,
      createdAt: now,
      lastSeenAt: now,
      userAgent: userAgent ? userAgent.slice(0, 300) : null,
    });
    await em.flush();
    return { token, expiresAt };
  }

  async resolve(em: EntityManager, token: string, now = new Date()): Promise<ResolvedSession | undefined> {
    const tokenHash = hashToken(token);
    const row = this.cache.get(tokenHash) ?? (await findSessionRow(em, tokenHash));
    if (!row) return undefined;
    const session = mapSession(em, row);
    if (session.expiresAt <= now) {
      this.cache.forget({ tokenHash });
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
    this.cache.set(tokenHash, { ...row, last_seen_at: session.lastSeenAt, expires_at: session.expiresAt });
    return { session, user: session.user, extended };
  }

  /** Ends the session of `token`, on every server. */
  async revoke(em: EntityManager, token: string): Promise<void> {
    const tokenHash = hashToken(token);
    await em.nativeDelete(UserSession, { tokenHash });
    await this.forgetEverywhere({ tokenHash });
  }

  /**
   * Signs the user out everywhere but `keepSessionId` (everywhere when it is null). Returns how many ended. Often
   * inside a transaction, so the caller calls `forgetEverywhere({ userId })` once it has committed.
   */
  async revokeAllBut(em: EntityManager, userId: string, keepSessionId: string | null): Promise<number> {
    return em.nativeDelete(UserSession, keepSessionId ? { user: userId, id: { $ne: keepSessionId } } : { user: userId });
  }

  private idleExpiry(now: Date, absoluteExpiresAt: Date): Date {
    return new Date(Math.min(now.getTime() + this.policy.sessionIdleHours * HOUR_MS, absoluteExpiresAt.getTime()));
  }
}

/**
 * When each of these sessions expires, for those still live; an ended one is missing. Read from Postgres, never the
 * cache: it is asked just after a session may have ended, to tell which of a user's sessions did.
 */
export async function liveSessionExpiries(em: EntityManager, tokenHashes: readonly string[]): Promise<Map<string, Date>> {
  if (tokenHashes.length === 0) return new Map();
  const rows = await em.execute<{ token_hash: string; expires_at: Date }[]>(
    `select token_hash, expires_at from user_sessions where token_hash = any(?::text[]) and expires_at > now()`,
    [`{${tokenHashes.join(',')}}`],
  );
  return new Map(rows.map((row) => [row.token_hash, new Date(row.expires_at)]));
}

export interface SessionWithUserRow {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  absolute_expires_at: Date;
  user_name: string;
  user_email: string;
  user_email_verified: boolean;
  user_google_subject: string | null;
  user_tier: UserTier;
  user_created_at: Date;
  user_updated_at: Date;
}

/**
 * The session and its user in one plain query: every signed-in request not served from the cache starts here, and
 * building the same join through the query builder costs about three times as much CPU.
 */
async function findSessionRow(em: EntityManager, tokenHash: string): Promise<SessionWithUserRow | undefined> {
  const [row] = await em.execute<SessionWithUserRow[]>(
    `select session.id, session.user_id, session.token_hash, session.created_at, session.last_seen_at, session.expires_at,
            session.absolute_expires_at, person.name as user_name, person.email as user_email,
            person.email_verified as user_email_verified, person.google_subject as user_google_subject,
            person.tier as user_tier, person.created_at as user_created_at, person.updated_at as user_updated_at
       from user_sessions as session
       join users as person on person.id = session.user_id
      where session.token_hash = ?`,
    [tokenHash],
  );
  return row;
}

/** The row as managed entities of `em` (`em.map`), the user first so the session's relation finds it. */
function mapSession(em: EntityManager, row: SessionWithUserRow): UserSession {
  em.map(User, {
    id: row.user_id,
    name: row.user_name,
    email: row.user_email,
    email_verified: row.user_email_verified,
    google_subject: row.user_google_subject,
    tier: row.user_tier,
    created_at: row.user_created_at,
    updated_at: row.user_updated_at,
  });
  return em.map(UserSession, {
    id: row.id,
    user_id: row.user_id,
    token_hash: row.token_hash,
    created_at: row.created_at,
    last_seen_at: row.last_seen_at,
    expires_at: row.expires_at,
    absolute_expires_at: row.absolute_expires_at,
  });
}
