import type { RedisClient } from '../../core/redis/index.ts';
import { runLeaseKey } from '../../core/events/index.ts';
import { runLeaseOwner } from '../../core/runs/index.ts';

/** This process, as every lease it holds names it. */
const LEASE_OWNER = runLeaseOwner();

/** Every lease held on one connection, so a reconnect renews them all through a single `ready` listener. */
const leasesByConnection = new WeakMap<RedisClient, Set<RunLease>>();

function leasesOn(redis: RedisClient): Set<RunLease> {
  let leases = leasesByConnection.get(redis);
  if (!leases) {
    const created = new Set<RunLease>();
    leases = created;
    leasesByConnection.set(redis, created);
    // A Redis that restarted without persistence has forgotten every lease: set them again the moment the
    // connection is usable, not at each lease's next tick, or a checker reading in between takes the worker for dead.
    redis.on('ready', () => {
      for (const lease of created) lease.renew();
    });
  }
  return leases;
}

/**
 * While a worker answers a run it keeps a short-lived key alive in Redis. Servers streaming the answer watch it:
 * when it lapses without the run having ended, the worker is gone and the user is told at once instead of waiting
 * for BullMQ's stalled-job check. The key holds the worker's host and pid, so a launcher that saw its child die can
 * drop that child's leases at once instead of waiting for them to lapse.
 */
export class RunLease {
  private timer: NodeJS.Timeout | undefined;
  private readonly key: string;

  constructor(
    private readonly redis: RedisClient,
    keyPrefix: string,
    runId: string,
    private readonly leaseMs: number,
  ) {
    this.key = runLeaseKey(keyPrefix, runId);
  }

  async acquire(): Promise<void> {
    await this.redis.set(this.key, LEASE_OWNER, 'PX', this.leaseMs);
    leasesOn(this.redis).add(this);
    this.timer = setInterval(() => this.renew(), Math.max(250, Math.floor(this.leaseMs / 3)));
    this.timer.unref();
  }

  /** SET rather than PEXPIRE: a Redis that restarted has forgotten the key, and a live worker must not look dead. */
  renew(): void {
    this.redis.set(this.key, LEASE_OWNER, 'PX', this.leaseMs).catch(() => undefined);
  }

  async release(): Promise<void> {
    clearInterval(this.timer);
    leasesOn(this.redis).delete(this);
    await this.redis.del(this.key).catch(() => undefined);
  }
}
