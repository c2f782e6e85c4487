import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRequestEvents } from '../../core/events/request-event-reader.ts';
import { RequestEventWriter } from '../../core/events/request-event-writer.ts';
import { PipelinedAppends } from '../../worker/jobs/pipelined-appends.ts';
import { createIsolatedRedisPrefix } from '../support/isolated-resources.ts';

let redis: Redis;
let writer: RequestEventWriter;
let keyPrefix: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const isolated = await createIsolatedRedisPrefix();
  keyPrefix = isolated.keyPrefix;
  cleanup = isolated.cleanup;
  redis = new Redis(isolated.redisUrl);
  writer = new RequestEventWriter(redis, { keyPrefix, streamTtlSeconds: 600, streamMaxEvents: 10_000 });
});

afterAll(async () => {
  await cleanup?.();
  await redis?.quit();
});

describe('a run\'s events sent without waiting for each answer', () => {
  it('are stored in the order sent, with rising seq, even past the in-flight bound', async () => {
    const base = { requestId: 'pipelined-order', runId: 'run-a' };
    const appends = new PipelinedAppends(writer);
    const texts = Array.from({ length: 500 }, (_, index) => `chunk ${index} `);
    for (const text of texts) await appends.append({ ...base, type: 'text_delta', text });
    await appends.drain();
    const stored = await readRequestEvents(redis, keyPrefix, base.requestId);
    expect(stored.map((event) => (event.type === 'text_delta' ? event.text : event.type))).toEqual(texts);
    const seqs = stored.map((event) => event.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(appends.refused).toBe(false);
  });

  it('learns that the run was ended by someone else, and nothing it sends after that is stored', async () => {
    const base = { requestId: 'pipelined-refused', runId: 'run-b' };
    const appends = new PipelinedAppends(writer);
    await appends.append({ ...base, type: 'text_delta', text: 'before ' });
    await appends.drain();
    // A server that took this worker for dead ends the run.
    await writer.append({ ...base, type: 'run_error', code: 'WORKER_LOST', message: 'lost', retryable: true });
    await appends.append({ ...base, type: 'text_delta', text: 'after ' });
    await appends.drain();
    expect(appends.refused).toBe(true);
    const stored = await readRequestEvents(redis, keyPrefix, base.requestId);
    expect(stored.map((event) => event.type)).toEqual(['text_delta', 'run_error']);
  });

  it('throws a failed append from drain, and from the next append', async () => {
    const broken = new Redis(redis.options.port ?? 6379, redis.options.host ?? '127.0.0.1', { enableOfflineQueue: false, lazyConnect: true, maxRetriesPerRequest: 0 });
    const appends = new PipelinedAppends(new RequestEventWriter(broken, { keyPrefix, streamTtlSeconds: 600, streamMaxEvents: 10_000 }));
    const base = { requestId: 'pipelined-failed', runId: 'run-c' };
    await appends.append({ ...base, type: 'text_delta', text: 'never stored' });
    await expect(appends.drain()).rejects.toThrow();
    await expect(appends.append({ ...base, type: 'text_delta', text: 'nor this' })).rejects.toThrow();
    broken.disconnect();
  });
});
