import type { RedisClient } from '../redis/index.ts';

const WINDOW_MS = 60_000;

/**
 * Counts a key's calls per minute in Redis (shared by every server node): a fixed window, one counter per key and
 * minute that expires with it. Returns how many seconds remain until the next window when the key is over its
 * limit, undefined when the call may proceed.
 */
export async function overApiKeyRateLimit(redis: RedisClient, keyPrefix: string, keyId: string, requestsPerMinute: number, now = Date.now()): Promise<number | undefined> {
  const window = Math.floor(now / WINDOW_MS);
  const counter = `${keyPrefix}:api-key-rate:${keyId}:${window}`;
  const [[, count]] = (await redis.multi().incr(counter).pexpire(counter, WINDOW_MS).exec()) as [[Error | null, number]];
  if (count <= requestsPerMinute) return undefined;
  return Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1_000));
}
