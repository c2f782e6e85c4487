import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import type { RedisSettings } from '../config/index.ts';
import { watchConnectionReadiness } from './connection-readiness.ts';
import type { RedisClient } from './redis-client.ts';

/**
 * Three kinds of connection, because Redis treats them differently:
 * - `fail-fast`: request paths (health, enqueue, event appends from the server). When Redis is down a command
 *   fails at once instead of queueing, and one that gets no reply fails after `FAIL_FAST_COMMAND_TIMEOUT_MS`, so a
 *   user gets a 503 rather than a hang.
 * - `worker`: BullMQ workers and the worker's event writer. BullMQ requires `maxRetriesPerRequest: null` so its
 *   blocking commands survive a reconnect.
 * - `subscriber`: pub/sub listening. Subscriptions are queued while offline and restored after a reconnect.
 */
export type RedisConnectionKind = 'fail-fast' | 'worker' | 'subscriber';

/** Where to connect: one Redis at `url`, or the cluster behind `clusterNodes` (with `url`'s user, password and TLS). */
export type RedisAddress = Pick<RedisSettings, 'url' | 'clusterNodes'>;

/**
 * The longest a `fail-fast` command waits for its reply. A link that dies without a reset (a silent partition, a
 * command lost in a cluster client's redirections during a failover) would otherwise leave it waiting until TCP
 * gives up, minutes later; past this it fails as "Command timed out", which counts as Redis being unavailable.
 */
export const FAIL_FAST_COMMAND_TIMEOUT_MS = 10_000;

// Reconnect forever with a capped backoff: Redis coming back must heal every process without a restart.
const reconnectDelay = (attempt: number) => Math.min(attempt * 200, 2_000);

export function createRedisConnection(address: RedisAddress, kind: RedisConnectionKind, logger: Logger, connectionName: string): RedisClient {
  const redis = address.clusterNodes ? openCluster(address, kind, connectionName) : openSingle(address.url, kind, connectionName);
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

function perKindOptions(kind: RedisConnectionKind): Pick<RedisOptions, 'maxRetriesPerRequest' | 'autoResubscribe' | 'commandTimeout'> {
  if (kind === 'fail-fast') return { maxRetriesPerRequest: 1, commandTimeout: FAIL_FAST_COMMAND_TIMEOUT_MS };
  if (kind === 'subscriber') return { autoResubscribe: true, maxRetriesPerRequest: null };
  return { maxRetriesPerRequest: null };
}

function openSingle(url: string, kind: RedisConnectionKind, connectionName: string): Redis {
  return new Redis(url, {
    connectionName,
    lazyConnect: false,
    connectTimeout: 5_000,
    retryStrategy: reconnectDelay,
    ...perKindOptions(kind),
    ...(kind === 'fail-fast' ? { enableOfflineQueue: false } : {}),
  });
}

/**
 * A Redis Cluster client. Every key Quorum touches together shares a hash tag (a request's stream, counter and
 * channel; a queue's BullMQ keys), so each command and script runs on one node. While a master fails over, the
 * client waits briefly and retries on the promoted replica (a `fail-fast` connection only once, so a request path
 * answers rather than hangs).
 */
function openCluster(address: RedisAddress, kind: RedisConnectionKind, connectionName: string): Cluster {
  const url = new URL(address.url);
  const options: ClusterOptions = {
    lazyConnect: false,
    clusterRetryStrategy: reconnectDelay,
    enableOfflineQueue: kind !== 'fail-fast',
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 200,
    retryDelayOnTryAgain: 100,
    retryDelayOnMoved: 0,
    maxRedirections: 32,
    slotsRefreshTimeout: 2_000,
    // A request's live events are published with SPUBLISH (see the event writer): a subscriber keeps one
    // connection per master and follows each channel on the master that owns it, through failovers too.
    ...(kind === 'subscriber' ? { shardedSubscribers: true } : {}),
    redisOptions: {
      connectionName,
      connectTimeout: 5_000,
      ...perKindOptions(kind),
      ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
      ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
      ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    },
  };
  return new Cluster(address.clusterNodes!, options);
}

/** Resolves once the connection is usable; rejects after `timeoutMs` so a process can exit with a clear reason. */
export async function waitUntilReady(redis: RedisClient, timeoutMs = 10_000): Promise<void> {
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
