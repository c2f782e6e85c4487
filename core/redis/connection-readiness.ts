import type { RedisClient } from './redis-client.ts';

/** When each watched connection last became ready (ms since the epoch); absent while it is down. */
const readySince = new WeakMap<RedisClient, number>();
const watched = new WeakSet<RedisClient>();

/**
 * How long a connection has been usable without a break, or 0 while it is down. After a Redis restart a missing key
 * may only mean its owner has not reconnected yet (a lease is set again on its own connection's `ready`), so readers
 * that conclude something from an absence wait until their connection has been up for a while. The first call for a
 * connection starts watching it; `createRedisConnection` does so for every connection it makes.
 */
export function connectionReadyForMs(redis: RedisClient, now = Date.now()): number {
  watchConnectionReadiness(redis);
  const since = readySince.get(redis);
  return since === undefined || redis.status !== 'ready' ? 0 : now - since;
}

/**
 * Starts following a connection's ups and downs. Its first `ready` is no reconnect (nothing was forgotten while this
 * process was away), so it counts as ready since long ago; only a `ready` after a loss starts the clock.
 */
export function watchConnectionReadiness(redis: RedisClient): void {
  if (watched.has(redis)) return;
  watched.add(redis);
  let lost = false;
  if (redis.status === 'ready') readySince.set(redis, 0);
  redis.on('ready', () => readySince.set(redis, lost ? Date.now() : 0));
  const down = () => {
    if (readySince.has(redis)) lost = true;
    readySince.delete(redis);
  };
  redis.on('close', down);
  redis.on('reconnecting', down);
  redis.on('end', down);
}
