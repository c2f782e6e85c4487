import type { Queue } from 'bullmq';
import { Gauge, type Registry } from 'prom-client';
import { METRIC_PREFIX } from './metrics-registry.ts';
import { SCRAPE_READ_TIMEOUT_MS, withinTime } from './within-time.ts';

const COUNTED_STATES = ['waiting', 'active', 'delayed'] as const;

/**
 * `quorum_queue_jobs{queue, state}`: how many jobs wait, run and are delayed in each BullMQ queue, read from Redis
 * when Prometheus scrapes (the numbers are shared by every process, so any one of them can report them). A queue
 * Redis cannot answer for in time is left out of that scrape rather than reported as empty.
 */
export function registerQueueDepth(registry: Registry, queues: () => Iterable<Queue>): Gauge<'queue' | 'state'> {
  return new Gauge({
    name: `${METRIC_PREFIX}queue_jobs`,
    help: 'Jobs in each BullMQ queue by state (waiting, active, delayed), read from Redis at scrape time.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      await Promise.all(
        [...queues()].map(async (queue) => {
          const counts = await withinTime(() => queue.getJobCounts(...COUNTED_STATES), SCRAPE_READ_TIMEOUT_MS);
          if (!counts) return;
          for (const state of COUNTED_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
        }),
      );
    },
  });
}
