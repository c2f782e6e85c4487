import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRequestEvents } from '../../core/events/request-event-reader.ts';
import { requestEventKeys } from '../../core/events/request-event-keys.ts';
import { RequestEventWriter, type OrderedAppendOutcome } from '../../core/events/request-event-writer.ts';
import type { UnsequencedRunEvent } from '../../core/events/run-event.ts';
import type { RunEvent } from '../../core/events/run-event.ts';
import { ChannelHub } from '../../server/streaming/channel-hub.ts';
import { followRequestEvents } from '../../server/streaming/follow-request-events.ts';
import { RequestEventHub } from '../../server/streaming/request-event-hub.ts';
import { PipelinedAppends } from '../../worker/jobs/pipelined-appends.ts';
import { createIsolatedRedisPrefix } from '../support/isolated-resources.ts';

let redis: Redis;
let subscriber: Redis;
let hub: RequestEventHub;
let writer: RequestEventWriter;
let keyPrefix: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const isolated = await createIsolatedRedisPrefix();
  keyPrefix = isolated.keyPrefix;
  cleanup = isolated.cleanup;
  redis = new Redis(isolated.redisUrl);
  writer = new RequestEventWriter(redis, { keyPrefix, streamTtlSeconds: 600, streamMaxEvents: 10_000 });
  subscriber = new Redis(isolated.redisUrl);
  hub = new RequestEventHub(new ChannelHub(subscriber, pino({ level: 'silent' })), keyPrefix);
});

afterAll(async () => {
  await cleanup?.();
  await Promise.all([redis?.quit(), subscriber?.quit()]);
});

/** A request's event record as it stands: what a replica holds when it is promoted. */
async function copyOfRecord(requestId: string): Promise<Array<{ key: string; dump: Buffer | null; ttl: number }>> {
  const keys = requestEventKeys(keyPrefix, requestId);
  const names = [keys.stream, keys.sequence, keys.endedRuns, keys.runPositions];
  return Promise.all(names.map(async (key) => ({ key, dump: await redis.dumpBuffer(key), ttl: Math.max(0, await redis.pttl(key)) })));
}

/** Puts the record back as copied: everything written since is gone, as a failover loses what it had not copied. */
async function promote(copy: Array<{ key: string; dump: Buffer | null; ttl: number }>): Promise<void> {
  for (const { key, dump, ttl } of copy) {
    if (dump) await redis.restore(key, ttl, dump, 'REPLACE');
    else await redis.del(key);
  }
}

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

  it('stores a numbered event only as its run\'s next: one that overtook its predecessor is sent back, a repeat is not stored twice', async () => {
    const base = { requestId: 'ordered-positions', runId: 'run-d' };
    const event = (text: string) => ({ ...base, type: 'text_delta' as const, text });
    expect(await writer.appendInRunOrder(event('second '), 1)).toBe('early');
    expect(await writer.appendInRunOrder(event('first '), 0)).toBe('stored');
    expect(await writer.appendInRunOrder(event('first '), 0)).toBe('repeat');
    expect(await writer.appendInRunOrder(event('second '), 1)).toBe('stored');
    // Another run of the same request keeps its own count.
    expect(await writer.appendInRunOrder({ ...event('other '), runId: 'run-e' }, 0)).toBe('stored');
    const stored = await readRequestEvents(redis, keyPrefix, base.requestId);
    expect(stored.map((each) => (each.type === 'text_delta' ? each.text : each.type))).toEqual(['first ', 'second ', 'other ']);
    expect(await redis.ttl(requestEventKeys(keyPrefix, base.requestId).runPositions)).toBeGreaterThan(0);
  });

  it('keeps the order sent when a cluster failing over lets later events overtake earlier ones', async () => {
    const base = { requestId: 'pipelined-overtaken', runId: 'run-f' };
    // Every third event's first send is held back until the next two have reached Redis, as a redirect re-sends it.
    class OvertakenWriter extends RequestEventWriter {
      sends = 0;
      early = 0;
      override async appendInRunOrder(event: UnsequencedRunEvent, position: number, force = false): Promise<OrderedAppendOutcome> {
        this.sends += 1;
        if (position % 3 === 0 && !force) await new Promise((resolve) => setTimeout(resolve, 30));
        const outcome = await super.appendInRunOrder(event, position, force);
        if (outcome === 'early') this.early += 1;
        return outcome;
      }
    }
    const overtaken = new OvertakenWriter(redis, { keyPrefix, streamTtlSeconds: 600, streamMaxEvents: 10_000 });
    const appends = new PipelinedAppends(overtaken);
    const texts = Array.from({ length: 30 }, (_, index) => `chunk ${index} `);
    for (const text of texts) await appends.append({ ...base, type: 'text_delta', text });
    await appends.drain();
    expect(overtaken.early).toBeGreaterThan(0);
    const stored = await readRequestEvents(redis, keyPrefix, base.requestId);
    expect(stored.map((event) => (event.type === 'text_delta' ? event.text : event.type))).toEqual(texts);
  });

  it('goes on storing after Redis loses the stream\'s keys mid-run', async () => {
    const base = { requestId: 'pipelined-keys-lost', runId: 'run-g' };
    const keys = requestEventKeys(keyPrefix, base.requestId);
    const appends = new PipelinedAppends(writer);
    for (const text of ['one ', 'two ']) await appends.append({ ...base, type: 'text_delta', text });
    await appends.drain();
    await redis.del(keys.stream, keys.sequence, keys.endedRuns, keys.runPositions);
    for (const text of ['three ', 'four ']) await appends.append({ ...base, type: 'text_delta', text });
    await appends.drain();
    const stored = await readRequestEvents(redis, keyPrefix, base.requestId);
    expect(stored.map((event) => (event.type === 'text_delta' ? event.text : event.type))).toEqual(['three ', 'four ']);
  });

  it('sends again, in order, what a failover lost after Redis acknowledged it; a follower that heard it live sees each event once', async () => {
    const base = { requestId: 'pipelined-window-lost', runId: 'run-h' };
    const texts = Array.from({ length: 12 }, (_, index) => `chunk ${index} `);
    const channel = requestEventKeys(keyPrefix, base.requestId).channel;

    // A browser's follower hears every event live from the start.
    const controller = new AbortController();
    const limit = setTimeout(() => controller.abort(), 10_000);
    const followed = (async () => {
      const seen: RunEvent[] = [];
      for await (const event of followRequestEvents({ hub, redis, keyPrefix, requestId: base.requestId, signal: controller.signal })) {
        seen.push(event);
        if (event.type === 'run_error') break;
      }
      return seen;
    })();
    await expect.poll(async () => ((await redis.pubsub('NUMSUB', channel)) as [string, number])[1]).toBe(1);

    const appends = new PipelinedAppends(writer);
    for (const text of texts.slice(0, 5)) await appends.append({ ...base, type: 'text_delta', text });
    await appends.drain();
    const copied = await copyOfRecord(base.requestId);
    for (const text of texts.slice(5, 9)) await appends.append({ ...base, type: 'text_delta', text });
    await appends.drain();
    // The replica promoted now had copied only the first five chunks, though all nine were acknowledged.
    await promote(copied);
    for (const text of texts.slice(9)) await appends.append({ ...base, type: 'text_delta', text });
    await appends.append({ ...base, type: 'run_error', code: 'PROVIDER_ERROR', message: 'The provider failed', retryable: true });
    await appends.drain();
    expect(appends.restored).toBe(4);

    const textOf = (events: RunEvent[]) => events.map((event) => (event.type === 'text_delta' ? event.text : event.type));
    const stored = await readRequestEvents(redis, keyPrefix, base.requestId);
    expect(textOf(stored)).toEqual([...texts, 'run_error']);
    expect(stored.map((event) => event.seq - stored[0]!.seq)).toEqual(stored.map((_, index) => index));

    const seen = await followed;
    clearTimeout(limit);
    expect(textOf(seen)).toEqual([...texts, 'run_error']);
    expect(seen.map((event) => event.seq)).toEqual(stored.map((event) => event.seq));
  });
});
