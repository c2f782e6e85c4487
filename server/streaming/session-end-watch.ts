import type { FastifyBaseLogger } from 'fastify';
import { parseSessionInvalidation, sessionInvalidationChannel, type SessionInvalidation } from '../../core/accounts/index.ts';
import type { ChannelHub } from './channel-hub.ts';

/** When each of these sessions expires, for those still live (an ended one is missing); read from Postgres. */
export type LiveSessionLookup = (tokenHashes: readonly string[]) => Promise<Map<string, Date>>;

/** `setTimeout` takes at most about 24.8 days; a session that lives longer is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** Past its expiry by this much, so the look that follows finds it expired rather than a moment short of it. */
const EXPIRY_MARGIN_MS = 50;
/** Sessions looked up per query when many are looked at together (after a reconnect). */
const LOOKUP_BATCH = 1_000;

interface Watched {
  userId: string;
  tokenHash: string;
  ended: () => void;
  expiryTimer?: NodeJS.Timeout;
}

/**
 * Tells the holders of a session (a live socket) the moment it ends, on whichever server it ended. Sessions end in
 * Postgres (a sign-out, "sign out every other device", a new or reset password, a deleted account) and each server
 * learns of it on the same Redis channel as the session cache (`{ tokenHash }` or `{ userId }`, published after the
 * commit). A `{ userId }` notice does not say which sessions ended (a new password keeps the one that set it; a new
 * name ends none), so the user's watched sessions here are looked up again in Postgres, and those gone are ended. A
 * session that expires is looked at when it is due. Notices missed while the subscription was down are made up for
 * by looking at every watched session once it is back.
 */
export class SessionEndWatch {
  private readonly byUser = new Map<string, Set<Watched>>();
  private readonly byToken = new Map<string, Set<Watched>>();

  constructor(
    private readonly lookup: LiveSessionLookup,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Follows the notices on the process's shared subscriber, for as long as it lives; resolves once subscribed. */
  async listen(channels: ChannelHub, keyPrefix: string): Promise<void> {
    await channels.subscribe(sessionInvalidationChannel(keyPrefix), (payload) => {
      const invalidation = parseSessionInvalidation(payload);
      if (invalidation) this.heard(invalidation);
    });
    channels.onReconnect(() => void this.check(this.everyone()));
  }

  /**
   * Watches one session: `ended` is called once, when it has ended. Looks it up once after it is registered, so an
   * end committed between the caller's own look and this registration is not missed. Returns the function that
   * stops watching.
   */
  async watch(userId: string, tokenHash: string, ended: () => void): Promise<() => void> {
    const watched: Watched = { userId, tokenHash, ended };
    addTo(this.byUser, userId, watched);
    addTo(this.byToken, tokenHash, watched);
    const stop = () => this.forget(watched);
    try {
      await this.check([watched], true);
    } catch (error) {
      stop();
      throw error;
    }
    return stop;
  }

  private heard(invalidation: SessionInvalidation): void {
    const candidates = 'userId' in invalidation ? this.byUser.get(invalidation.userId) : this.byToken.get(invalidation.tokenHash);
    if (candidates) void this.check([...candidates]);
  }

  private everyone(): Watched[] {
    return [...this.byUser.values()].flatMap((entries) => [...entries]);
  }

  /**
   * Looks the sessions up in one query: the ended ones are told (and forgotten), the live ones are looked at again
   * when they are due to expire. A failed look is logged (or thrown, when `rethrow`): the next notice, a reconnect or
   * the expiry looks again.
   */
  private async check(candidates: Watched[], rethrow = false): Promise<void> {
    for (let start = 0; start < candidates.length; start += LOOKUP_BATCH) await this.checkBatch(candidates.slice(start, start + LOOKUP_BATCH), rethrow);
  }

  private async checkBatch(candidates: Watched[], rethrow: boolean): Promise<void> {
    let live: Map<string, Date>;
    try {
      live = await this.lookup([...new Set(candidates.map((watched) => watched.tokenHash))]);
    } catch (error) {
      if (rethrow) throw error;
      this.logger.warn({ err: error }, 'could not look up whether watched sessions ended');
      return;
    }
    for (const watched of candidates) {
      // Forgotten meanwhile (the socket closed): nobody to tell.
      if (!this.byUser.get(watched.userId)?.has(watched)) continue;
      const expiresAt = live.get(watched.tokenHash);
      if (expiresAt) {
        this.scheduleExpiry(watched, expiresAt);
        continue;
      }
      this.forget(watched);
      try {
        watched.ended();
      } catch (error) {
        this.logger.error({ err: error }, 'session end listener failed');
      }
    }
  }

  /** An idle session slides its expiry while used elsewhere, so at the time it is looked up again, not ended blindly. */
  private scheduleExpiry(watched: Watched, expiresAt: Date): void {
    clearTimeout(watched.expiryTimer);
    const delay = Math.min(Math.max(0, expiresAt.getTime() - Date.now()) + EXPIRY_MARGIN_MS, LONGEST_TIMER_MS);
    watched.expiryTimer = setTimeout(() => void this.check([watched]), delay);
    watched.expiryTimer.unref();
  }

  private forget(watched: Watched): void {
    clearTimeout(watched.expiryTimer);
    removeFrom(this.byUser, watched.userId, watched);
    removeFrom(this.byToken, watched.tokenHash, watched);
  }
}

function addTo(index: Map<string, Set<Watched>>, key: string, watched: Watched): void {
  let entries = index.get(key);
  if (!entries) index.set(key, (entries = new Set()));
  entries.add(watched);
}

function removeFrom(index: Map<string, Set<Watched>>, key: string, watched: Watched): void {
  const entries = index.get(key);
  if (!entries?.delete(watched)) return;
  if (entries.size === 0) index.delete(key);
}
