import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import { watchConnectionReadiness } from './connection-readiness.ts';

/**
 * Three kinds of connection, because Redis treats them differently:
 * - `fail-fast`: request paths (health, enqueue, event appends from the server). When Redis is down a command
 *   fails at once instead of queueing, so a user gets a 503 rather than a hang.
 * - `worker`: BullMQ workers and the worker's event writer. BullMQ requires `maxRetriesPerRequest: null` so its
 *   blocking commands survive a reconnect.
 * - `subscriber`: pub/sub listening. Subscriptions are queued while offline and restored after a reconnect.
 */
export type RedisConnectionKind = 'fail-fast' | 'worker' | 'subscriber';

export function createRedisConnection(
  url: string,
  kind: RedisConnectionKind,
  logger: Logger,
  connectionName: string,
): Redis {
  const options: RedisOptions = {
    connectionName,
    lazyConnect: false,
    connectTimeout: 5_000,
    // Reconnect forever with a capped backoff: Redis coming back must heal every process without a restart.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    ...(kind === 'fail-fast' ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 } : {}),
    ...(kind === 'worker' ? { maxRetriesPerRequest: null } : {}),
    ...(kind === 'subscriber' ? { autoResubscribe: true, maxRetriesPerRequest: null } : {}),
  };
  const redis = new Redis(url, options);
  watchConnectionReadiness(redis);
  let reportedDown = false;
  redis.on('error', (error: Error) => {
    // ioredis repeats the same error on every reconnect attempt; one line per outage is enough.
    if (!reportedDown) logger.error({ err: error, connection: connectionName }, 'redis connection error');
    reportedDown = true;
  });
  redis.on('ready', () => {
    if (reportedDown) logger.info({ connection: connectionName }, 'redis connection restored');
    reportedDown = false;
  });
  return redis;
}

/** Resolves once the connection is usable; rejects after `timeoutMs` so a process can exit with a clear reason. */
export async function waitUntilReady(redis: Redis, timeoutMs = 10_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis did not become ready within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      redis.off('ready', onReady);
    };
    redis.on('ready', onReady);
  });
}
