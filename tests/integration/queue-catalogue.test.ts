import { Job, Worker } from 'bullmq';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../core/config/config.ts';
import { QUEUE_CATALOGUE, openPlacedQueue, scheduledJobOptions, type QueueKind } from '../../core/jobs/queue-catalogue.ts';
import { queuePlacements } from '../../core/jobs/queue-partitions.ts';
import { createIsolatedRedisPrefix } from '../support/isolated-resources.ts';

/** Finished jobs must leave Redis: by age or by count, never "keep". */
function bounded(option: unknown): boolean {
  if (option === true) return true;
  if (typeof option === 'number') return option >= 0;
  if (option && typeof option === 'object') {
    const { age, count } = option as { age?: number; count?: number };
    return (age !== undefined && age > 0) || (count !== undefined && count >= 0);
  }
  return false;
}

const KINDS = Object.keys(QUEUE_CATALOGUE) as QueueKind[];

describe('the queue catalogue', () => {
  let redis: Awaited<ReturnType<typeof createIsolatedRedisPrefix>>;
  beforeAll(async () => {
    redis = await createIsolatedRedisPrefix();
  });
  afterAll(async () => {
    await redis?.cleanup();
  });

  it.each(KINDS)('gives every %s job a bounded stay in Redis, completed or failed', (kind) => {
    const options = QUEUE_CATALOGUE[kind].jobOptions;
    expect(bounded(options.removeOnComplete)).toBe(true);
    expect(bounded(options.removeOnFail)).toBe(true);
    expect(scheduledJobOptions(kind)).toEqual(options);
  });

  // Every queue of the kind: the answer queue's partitions each (two here) as much as the others.
  const PLACEMENTS = KINDS.flatMap((kind) => queuePlacements(kind, 'prefix-set-below', 2));
  it.each(PLACEMENTS.map((placement) => placement.name))('stores its options on a %s job added anywhere through the catalogue, and removes it once done', async (name) => {
    const { kind } = PLACEMENTS.find((placement) => placement.name === name)!;
    const placement = queuePlacements(kind, redis.keyPrefix, 2).find((candidate) => candidate.name === name)!;
    const queue = openPlacedQueue(placement, { url: redis.redisUrl });
    const added = await queue.add('catalogue-check', {} as never);
    const stored = await Job.fromId(queue, added.id!);
    expect(bounded(stored?.opts.removeOnComplete)).toBe(true);
    expect(bounded(stored?.opts.removeOnFail)).toBe(true);

    // Consumed to the end: the finished job is trimmed by its own options, not kept for ever.
    const worker = new Worker(placement.name, async () => 'done', {
      connection: { url: redis.redisUrl },
      prefix: placement.prefix,
    });
    await new Promise<void>((resolve) => worker.on('completed', () => resolve()));
    await worker.close();
    const completed = await queue.getJobCounts('completed');
    const limit = QUEUE_CATALOGUE[kind].jobOptions.removeOnComplete as { count?: number };
    expect(completed.completed).toBeLessThanOrEqual(limit.count ?? Number.POSITIVE_INFINITY);
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('is the only place that opens a BullMQ queue in the server, the worker and core', () => {
    const offenders: string[] = [];
    for (const folder of ['server', 'worker', 'core']) {
      for (const entry of readdirSync(path.join(PROJECT_ROOT, folder), { withFileTypes: true, recursive: true })) {
        if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
        const file = path.join(entry.parentPath, entry.name);
        if (file.endsWith(path.join('core', 'jobs', 'queue-catalogue.ts'))) continue;
        if (/new Queue\s*[<(]/.test(readFileSync(file, 'utf8'))) offenders.push(path.relative(PROJECT_ROOT, file));
      }
    }
    expect(offenders).toEqual([]);
  });
});
