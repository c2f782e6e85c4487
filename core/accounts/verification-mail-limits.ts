import type { RedisClient } from '../redis/index.ts';

export const RESEND_COOLDOWN_SECONDS = 5 * 60;
export const MAX_RESENDS = 3;
const WINDOW_SECONDS = 24 * 3_600;

/**
 * Cooldown (5 minutes) and the limit of 3 resends per address, decided atomically in Redis. Kept per address for
 * every address asked about, with or without an account, so the answers look the same either way.
 * Returns: allowed (1/0), remaining resends, seconds to wait.
 */
const RESEND_SCRIPT = `
local now = tonumber(ARGV[1])
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
local used = tonumber(redis.call('HGET', KEYS[1], 'used') or '0')
local cooldown = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
if used >= limit then
  return {0, 0, 0}
end
if last > 0 and now - last < cooldown then
  return {0, limit - used, cooldown - (now - last)}
end
used = used + 1
redis.call('HSET', KEYS[1], 'last', now, 'used', used)
redis.call('EXPIRE', KEYS[1], ARGV[4])
return {1, limit - used, 0}
`;

type RedisWithResend = RedisClient & {
  claimVerificationResend(key: string, now: number, cooldown: number, limit: number, window: number): Promise<[number, number, number]>;
};

export interface ResendDecision {
  allowed: boolean;
  remainingAttempts: number;
  retryAfterSeconds: number;
}

export class VerificationMailLimits {
  private readonly redis: RedisWithResend;

  constructor(
    redis: RedisClient,
    private readonly keyFor: (email: string) => string,
  ) {
    if (!('claimVerificationResend' in redis)) redis.defineCommand('claimVerificationResend', { numberOfKeys: 1, lua: RESEND_SCRIPT });
    this.redis = redis as RedisWithResend;
  }

  /** The first mail (at registration) starts the cooldown but is not a resend. */
  async recordFirstMail(email: string, now = Date.now()): Promise<void> {
    const key = this.keyFor(email);
    await this.redis.multi().hset(key, 'last', Math.floor(now / 1_000), 'used', 0).expire(key, WINDOW_SECONDS).exec();
  }

  async claimResend(email: string, now = Date.now()): Promise<ResendDecision> {
    const [allowed, remaining, wait] = await this.redis.claimVerificationResend(
      this.keyFor(email),
      Math.floor(now / 1_000),
      RESEND_COOLDOWN_SECONDS,
      MAX_RESENDS,
      WINDOW_SECONDS,
    );
    return { allowed: allowed === 1, remainingAttempts: remaining, retryAfterSeconds: wait };
  }
}
