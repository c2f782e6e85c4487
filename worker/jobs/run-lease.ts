import type { Redis } from 'ioredis';
import { runLeaseKey } from '../../core/events/request-event-keys.ts';

/**
 * While a worker answers a run it keeps a short-lived key alive in Redis. Servers streaming the answer watch it:
 * when it lapses without the run having ended, the worker is gone and the user is told at once instead of waiting
 * for BullMQ's stalled-job check.
 */
export class RunLease {
  private timer: NodeJS.Timeout | undefined;
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    keyPrefix: string,
    runId: string,
    private readonly leaseMs: number,
  ) {
    this.key = runLeaseKey(keyPrefix, runId);
  }

  async acquire(): Promise<void> {
    await this.redis.set(this.key, String(process.pid), 'PX', this.leaseMs);
    this.timer = setInterval(() => {
      // SET rather than PEXPIRE: a Redis that restarted has forgotten the key, and a live worker must not look dead.
      this.redis.set(this.key, String(process.pid), 'PX', this.leaseMs).catch(() => undefined);
    }, Math.max(250, Math.floor(this.leaseMs / 3)));
    this.timer.unref();
  }

  async release(): Promise<void> {
    clearInterval(this.timer);
    await this.redis.del(this.key).catch(() => undefined);
  }
}
