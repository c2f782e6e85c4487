import type { RedisClient } from '../redis/index.ts';

/** At most this many sessions are kept per server; past it the oldest goes first. */
const MAX_CACHED_SESSIONS = 50_000;

/** What a signed-out or deleted account means for every server's cache: forget one session, or all of a user's. */
export type SessionInvalidation = { tokenHash: string } | { userId: string };

export function sessionInvalidationChannel(keyPrefix: string): string {
  return `${keyPrefix}:session-invalidations`;
}

/**
 * Tells every server to forget sessions. Sent after the change is committed, never inside its transaction: a
 * server that heard it too early could read the old rows back into its cache.
 */
export async function publishSessionInvalidation(redis: RedisClient, keyPrefix: string, invalidation: SessionInvalidation): Promise<void> {
  await redis.publish(sessionInvalidationChannel(keyPrefix), JSON.stringify(invalidation));
}

export function parseSessionInvalidation(message: string): SessionInvalidation | undefined {
  try {
    const parsed = JSON.parse(message) as Partial<{ tokenHash: unknown; userId: unknown }>;
    if (typeof parsed.tokenHash === 'string') return { tokenHash: parsed.tokenHash };
    if (typeof parsed.userId === 'string') return { userId: parsed.userId };
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}

/**
 * A server's memory of sessions it has recently looked up, so a signed-in request does not wait on Postgres for
 * who is asking. Entries live at most `ttlMs`; a sign-out, a "sign out everywhere" or a deleted account reaches
 * every server's cache at once over Redis pub/sub, and while that subscription is down the cache is not used at all
 * (`usable` false), since it could not hear about a sign-out.
 */
export class SessionCache<Row extends { user_id: string }> {
  readonly #entries = new Map<string, { row: Row; cachedAt: number }>();
  usable = false;

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(tokenHash: string): Row | undefined {
    if (!this.usable || this.ttlMs === 0) return undefined;
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.now() - entry.cachedAt >= this.ttlMs) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry.row;
  }

  set(tokenHash: string, row: Row): void {
    if (!this.usable || this.ttlMs === 0) return;
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, { row, cachedAt: this.now() });
    if (this.#entries.size > MAX_CACHED_SESSIONS) this.#entries.delete(this.#entries.keys().next().value!);
  }

  forget(invalidation: SessionInvalidation): void {
    if ('tokenHash' in invalidation) {
      this.#entries.delete(invalidation.tokenHash);
      return;
    }
    for (const [tokenHash, entry] of this.#entries) if (entry.row.user_id === invalidation.userId) this.#entries.delete(tokenHash);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
