import type { RedisClient } from '../../core/redis/index.ts';

/** Counts one call in a fixed window (started by the first call) and reports the count and the window's rest. */
const COUNT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetsInMs: number;
}

/**
 * A fixed-window counter in Redis under a key this project names itself (`<prefix>:rate-limit:<name>:…`), one round
 * trip per call. It throws when Redis cannot count; callers refuse the call then (fail closed).
 */
export async function countInWindow(redis: RedisClient, key: string, windowMs: number): Promise<WindowCount> {
  const [count, resetsInMs] = (await redis.eval(COUNT_SCRIPT, 1, key, String(windowMs))) as [number, number];
  return { count, resetsInMs };
}
