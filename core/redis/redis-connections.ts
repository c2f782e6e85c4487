import type { Logger } from 'pino';
import type { RedisSettings } from '../config/index.ts';
import type { RedisClient } from './redis-client.ts';
import { createRedisConnection, waitUntilReady, type RedisConnectionKind } from './redis-connection.ts';

/** The connections each kind of process keeps, by role, and the kind of connection each role needs. */
export const REDIS_ROLES = {
  server: {
    /** Request paths: event appends, leases read, limits, publishes. */
    commands: 'fail-fast',
    /** Every queue handle (answers and its partitions, tracking, leaderboards, the dashboard's). */
    queues: 'fail-fast',
    /** Live request and account events and ended sessions, through the channel hub. */
    subscriber: 'subscriber',
    /** The session cache's invalidations. */
    'session-invalidations': 'subscriber',
  },
  worker: {
    /** Event appends, leases, the sweeper, and every queue handle. */
    commands: 'worker',
    /** Shared by every BullMQ worker for its non-blocking commands; each also opens one blocking copy of it. */
    bullmq: 'worker',
    /** Run cancellations. */
    cancellations: 'subscriber',
  },
  launcher: { commands: 'worker' },
  operator: { commands: 'fail-fast' },
} as const satisfies Record<string, Record<string, RedisConnectionKind>>;

export type RedisProcess = keyof typeof REDIS_ROLES;
export type RedisRole<P extends RedisProcess> = keyof (typeof REDIS_ROLES)[P] & string;

/** Copies of a role's connection that BullMQ makes itself (a worker's blocking connection) are counted under this. */
const COPY_SUFFIX = ' (copies)';

/**
 * The one place a process opens Redis connections. Each connection has a role from `REDIS_ROLES`, at most one per
 * role, and is named `<REDIS_KEY_PREFIX>-<process>-<role>` in Redis (`CLIENT LIST`), so an operator sees who holds
 * what. Copies BullMQ makes of a connection (each BullMQ worker's blocking connection) are counted too, so
 * `counts()` is every connection the process holds; both processes log it as they start.
 */
export class RedisConnections<P extends RedisProcess> {
  private readonly open = new Map<string, RedisClient>();
  private readonly copies = new Map<string, Set<RedisClient>>();

  constructor(
    private readonly settings: Pick<RedisSettings, 'url' | 'clusterNodes' | 'keyPrefix'>,
    private readonly process: P,
    private readonly logger: Logger,
  ) {}

  /** Opens the role's connection (once: a second call for a role is a mistake in the wiring, and throws). */
  connect(role: RedisRole<P>): RedisClient {
    if (this.open.has(role)) throw new Error(`The ${this.process} already has its ${role} Redis connection`);
    const kind = (REDIS_ROLES[this.process] as Record<string, RedisConnectionKind>)[role]!;
    const redis = createRedisConnection(this.settings, kind, this.logger, `${this.settings.keyPrefix}-${this.process}-${role}`);
    this.countCopies(role, redis);
    this.open.set(role, redis);
    return redis;
  }

  /** Opens the role's connection and waits until it is usable (closing it again when it is not). */
  async connectReady(role: RedisRole<P>, timeoutMs?: number): Promise<RedisClient> {
    const redis = this.connect(role);
    try {
      await waitUntilReady(redis, timeoutMs);
    } catch (error) {
      redis.disconnect();
      this.open.delete(role);
      throw error;
    }
    return redis;
  }

  /** How many connections the process holds, by role (BullMQ's copies under `<role> (copies)`). */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const role of this.open.keys()) counts[role] = 1;
    for (const [role, copies] of this.copies) {
      // A copy BullMQ has closed for good is `end`; one it is re-opening after a stuck blocking read is back shortly.
      const open = [...copies].filter((copy) => copy.status !== 'end').length;
      if (open > 0) counts[`${role}${COPY_SUFFIX}`] = open;
    }
    return counts;
  }

  total(): number {
    return Object.values(this.counts()).reduce((sum, count) => sum + count, 0);
  }

  /** Quits one role's connection (a plugin closing with its app); disconnects when quitting fails. */
  async close(role: RedisRole<P>): Promise<void> {
    const redis = this.open.get(role);
    if (!redis) return;
    this.open.delete(role);
    await redis.quit().catch(() => redis.disconnect());
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open.keys()].map((role) => this.close(role as RedisRole<P>)));
  }

  /** BullMQ copies a connection it is handed (`duplicate()`) for a worker's blocking fetch; those are ours to count. */
  private countCopies(role: string, redis: RedisClient): void {
    const original = redis.duplicate.bind(redis) as (...args: unknown[]) => RedisClient;
    const copies = new Set<RedisClient>();
    this.copies.set(role, copies);
    (redis as { duplicate: (...args: unknown[]) => RedisClient }).duplicate = (...args: unknown[]) => {
      const copy = original(...args);
      copies.add(copy);
      return copy;
    };
  }
}
