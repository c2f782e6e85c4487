import type { Queue } from 'bullmq';
import { Gauge, type Registry } from 'prom-client';
import { METRIC_PREFIX } from './metrics-registry.ts';
import { SCRAPE_READ_TIMEOUT_MS, withinTime } from './within-time.ts';

const COUNTED_STATES = ['waiting', 'active', 'delayed'] as const;

/**
 * `quorum_queue_jobs{queue, state}`: how many jobs wait, run and are delayed in each BullMQ queue, read from Redis
 * when Prometheus scrapes (the numbers are shared by every process, so any one of them can report them). Queues with
 * the same label (`labelOf`: the answer queue's partitions all say `answers`) are added together. A queue Redis
 * cannot answer for in time is left out of that scrape rather than reported as empty.
 */
export function registerQueueDepth(
  registry: Registry,
  queues: () => Iterable<Queue>,
  labelOf: (queue: Queue) => string = (queue) => queue.name,
): Gauge<'queue' | 'state'> {
  return new Gauge({
    name: `${METRIC_PREFIX}queue_jobs`,
    help: 'Jobs in each BullMQ queue by state (waiting, active, delayed), read from Redis at scrape time.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const read = await Promise.all(
        [...queues()].map(async (queue) => ({ queue: labelOf(queue), counts: await withinTime(() => queue.getJobCounts(...COUNTED_STATES), SCRAPE_READ_TIMEOUT_MS) })),
      );
      // A label some of whose queues did not answer is left out whole: a part would read as a drop.
      const silent = new Set(read.filter((entry) => !entry.counts).map((entry) => entry.queue));
      const totals = new Map<string, Record<string, number>>();
      for (const { queue, counts } of read) {
        if (!counts || silent.has(queue)) continue;
        const total = totals.get(queue) ?? {};
        for (const state of COUNTED_STATES) total[state] = (total[state] ?? 0) + (counts[state] ?? 0);
        totals.set(queue, total);
      }
      for (const [queue, total] of totals) for (const state of COUNTED_STATES) this.set({ queue, state }, total[state] ?? 0);
    },
  });
}
