import type { Redis } from 'ioredis';
import { isCluster, type RedisClient } from '../core/redis/index.ts';
import { runLeaseKey } from '../core/events/index.ts';

/** Deletes a lease only while it still names the dead worker, in one step, so a lease set meanwhile is kept. */
const DELETE_IF_OWNED = `
local dropped = 0
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('DEL', key)
    dropped = dropped + 1
  end
end
return dropped`;

const SCAN_BATCH = 1_000;

/**
 * Drops every run lease held by `owner` (a worker the caller saw die): its runs are then taken for lost at the
 * watchdog's next look (a second or two) instead of when the leases lapse (`RUN_LEASE_MS`). The leases are found by
 * scanning their key pattern, which costs nothing while workers live; a crash is rare, and one pass over the keys is
 * cheap next to a person waiting on a dead answer. Returns how many leases were dropped.
 */
export async function dropLeasesOf(redis: RedisClient, keyPrefix: string, owner: string): Promise<number> {
  // SCAN walks one node's keys: on a cluster, every master is walked, each holding the leases of its own slots.
  const nodes = isCluster(redis) ? redis.nodes('master') : [redis];
  const counts = await Promise.all(nodes.map((node) => dropLeasesOnNode(node, redis, keyPrefix, owner)));
  return counts.reduce((sum, count) => sum + count, 0);
}

async function dropLeasesOnNode(node: Redis, redis: RedisClient, keyPrefix: string, owner: string): Promise<number> {
  const pattern = runLeaseKey(escapeGlob(keyPrefix), '*');
  let dropped = 0;
  let cursor = '0';
  do {
    const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_BATCH);
    cursor = next;
    const results = await Promise.all(keys.map((key) => redis.eval(DELETE_IF_OWNED, 1, key, owner) as Promise<number>));
    dropped += results.reduce((sum, count) => sum + count, 0);
  } while (cursor !== '0');
  return dropped;
}

/** A key prefix may hold the glob's own special characters; they must match only themselves. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (character) => `\\${character}`);
}
