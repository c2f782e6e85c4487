import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { readRequestEvents } from '../../core/events/request-event-reader.ts';
import { requestEventKeys } from '../../core/events/request-event-keys.ts';
import { RequestEventWriter } from '../../core/events/request-event-writer.ts';
import { RunEvent } from '../../core/events/run-event.ts';
import { Value } from 'typebox/value';
import { followRequestEvents } from '../../server/streaming/follow-request-events.ts';
import { ChannelHub } from '../../server/streaming/channel-hub.ts';
import { RequestEventHub } from '../../server/streaming/request-event-hub.ts';
import { createIsolatedRedisPrefix } from '../support/isolated-resources.ts';

let redis: Redis;
let subscriber: Redis;
let writer: RequestEventWriter;
let hub: RequestEventHub;
let keyPrefix: string;
let cleanup: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  const isolated = await createIsolatedRedisPrefix();
  keyPrefix = isolated.keyPrefix;
  cleanup = isolated.cleanup;
  redis = new Redis(isolated.redisUrl);
  subscriber = new Redis(isolated.redisUrl);
  writer = new RequestEventWriter(redis, { keyPrefix, streamTtlSeconds: 600, streamMaxEvents: 10_000 });
  hub = new RequestEventHub(new ChannelHub(subscriber, pino({ level: 'silent' })), keyPrefix);
});

afterAll(async () => {
  await cleanup?.();
  await Promise.all([redis?.quit(), subscriber?.quit()]);
});

function freshRequest() {
  counter += 1;
  return { requestId: `request-${counter}`, runId: `run-${counter}` };
}

function delta(ids: { requestId: string; runId: string }, text: string) {
  return { ...ids, type: 'text_delta' as const, text };
}

async function collect(requestId: string, until: (event: RunEvent) => boolean, afterSeq = 0, quietRereadMs?: number): Promise<RunEvent[]> {
  const controller = new AbortController();
  const seen: RunEvent[] = [];
  const timeout = setTimeout(() => controller.abort(), 5_000);
  for await (const event of followRequestEvents({ hub, redis, keyPrefix, requestId, afterSeq, signal: controller.signal, quietRereadMs })) {
    seen.push(event);
    if (until(event)) break;
  }
  clearTimeout(timeout);
  return seen;
}

describe('request event stream', () => {
  it('numbers events from the Redis clock, then 1 by 1, per request; stores them in order and publishes each', async () => {
    const ids = freshRequest();
    const published: string[] = [];
    const unsubscribe = await hub.subscribe(ids.requestId, (payload) => published.push(payload));
    const first = await writer.append(delta(ids, 'a'));
    const second = await writer.append(delta(ids, 'b'));
    const other = await writer.append(delta(freshRequest(), 'x'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await unsubscribe();

    // A request's first seq is Redis's clock in microseconds (so it keeps rising across a Redis restart).
    const [clockSeconds] = await redis.time();
    expect(Math.abs(first!.seq / 1_000_000 - Number(clockSeconds))).toBeLessThan(60);
    expect(second!.seq).toBe(first!.seq + 1);
    expect(other!.seq).toBeGreaterThanOrEqual(second!.seq);
    const stored = await readRequestEvents(redis, keyPrefix, ids.requestId);
    expect(stored.map((event) => (event.type === 'text_delta' ? event.text : ''))).toEqual(['a', 'b']);
    expect(published.map((payload) => JSON.parse(payload) as RunEvent)).toEqual(stored);
    // What the Lua script writes matches the shared event schema the client and server rely on.
    for (const event of stored) expect(Value.Check(RunEvent, event)).toBe(true);
    expect(Value.Check(RunEvent, { ...stored[0], seq: 0 })).toBe(false);
    expect(await redis.ttl(requestEventKeys(keyPrefix, ids.requestId).stream)).toBeGreaterThan(500);
  });

  it('keeps numbering upwards when Redis has forgotten the request (a restart without persistence)', async () => {
    const ids = freshRequest();
    await writer.append(delta(ids, 'before'));
    const last = await writer.append(delta(ids, 'just before'));
    const keys = requestEventKeys(keyPrefix, ids.requestId);
    await redis.del(keys.stream, keys.sequence, keys.endedRuns);
    const after = await writer.append(delta(ids, 'after'));
    expect(after!.seq).toBeGreaterThan(last!.seq);
    // A follower resuming from before the loss hears what came after it.
    await writer.append({ ...ids, type: 'run_end', text: 'done', finishReason: 'stop', sources: [], creditsUsed: 0, durationMs: 1, timeToFirstTokenMs: null, inputTokens: null, outputTokens: null, cachedTokens: null, reasoningTokens: null, brandMention: null });
    const events = await collect(ids.requestId, (event) => event.type === 'run_end', last!.seq);
    expect(events.map((event) => event.type)).toEqual(['text_delta', 'run_end']);
  });

  it('refuses anything for a run after its terminal event, but not for other runs of the request', async () => {
    const ids = freshRequest();
    const ended = await writer.append({ ...ids, type: 'run_error', message: 'gone', code: 'WORKER_LOST', retryable: true });
    expect(await writer.append(delta(ids, 'late'))).toBeUndefined();
    expect(
      await writer.append({ ...ids, type: 'run_end', text: 'x', finishReason: 'stop', sources: [], creditsUsed: 0, durationMs: 1, timeToFirstTokenMs: null, inputTokens: null, outputTokens: null, cachedTokens: null, reasoningTokens: null, brandMention: null }),
    ).toBeUndefined();
    expect(await writer.append(delta({ ...ids, runId: 'another-run' }, 'fine'))).toMatchObject({ seq: ended!.seq + 1 });
  });

  it('gives a late follower the whole history, then the live events, each exactly once and in order', async () => {
    const ids = freshRequest();
    for (let index = 0; index < 5; index += 1) await writer.append(delta(ids, `early-${index}`));
    const following = collect(ids.requestId, (event) => event.type === 'run_end');
    const live = (async () => {
      for (let index = 0; index < 30; index += 1) await writer.append(delta(ids, `live-${index}`));
      await writer.append({ ...ids, type: 'run_end', text: 'done', finishReason: 'stop', sources: [], creditsUsed: 0, durationMs: 1, timeToFirstTokenMs: null, inputTokens: null, outputTokens: null, cachedTokens: null, reasoningTokens: null, brandMention: null });
    })();
    const [events] = await Promise.all([following, live]);
    expect(events.map((event) => event.seq - events[0]!.seq)).toEqual(Array.from({ length: 36 }, (_, index) => index));
  });

  it('resumes after a given seq (a reconnecting browser)', async () => {
    const ids = freshRequest();
    const first = await writer.append(delta(ids, 'part-0'));
    for (let index = 1; index < 4; index += 1) await writer.append(delta(ids, `part-${index}`));
    await writer.append({ ...ids, type: 'run_end', text: 'done', finishReason: 'stop', sources: [], creditsUsed: 0, durationMs: 1, timeToFirstTokenMs: null, inputTokens: null, outputTokens: null, cachedTokens: null, reasoningTokens: null, brandMention: null });
    const events = await collect(ids.requestId, (event) => event.type === 'run_end', first!.seq + 2);
    expect(events.map((event) => event.seq)).toEqual([first!.seq + 3, first!.seq + 4]);
  });

  it('fills a hole left by a lost pub/sub message from the stream', async () => {
    const ids = freshRequest();
    await writer.append(delta(ids, 'one'));
    const following = collect(ids.requestId, (event) => event.type === 'run_end');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // An event that reaches the stream but whose publish was lost.
    const keys = requestEventKeys(keyPrefix, ids.requestId);
    const seq = await redis.incr(keys.sequence);
    await redis.xadd(keys.stream, '*', 'event', JSON.stringify({ seq, ...delta(ids, 'lost in transit') }));
    await writer.append({ ...ids, type: 'run_end', text: 'done', finishReason: 'stop', sources: [], creditsUsed: 0, durationMs: 1, timeToFirstTokenMs: null, inputTokens: null, outputTokens: null, cachedTokens: null, reasoningTokens: null, brandMention: null });
    const events = await following;
    expect(events.map((event) => event.seq - events[0]!.seq)).toEqual([0, 1, 2]);
    expect(events[1]).toMatchObject({ type: 'text_delta', text: 'lost in transit' });
  });

  it('ends a stream whose last event was never heard live: a quiet follower reads the record again', async () => {
    const ids = freshRequest();
    const first = await writer.append(delta(ids, 'one'));
    const following = collect(ids.requestId, (event) => event.type === 'run_end', 0, 200);
    await vi.waitFor(() => expect(hub.subscribedRequestCount).toBeGreaterThan(0));
    // What the follower waits on can be read while it waits (a stream that seems stuck says where it stands).
    const mine = () => hub.describeFollowers().filter((line) => line.startsWith(ids.requestId));
    await vi.waitFor(() => expect(mine()).toEqual([expect.stringMatching(new RegExp(`: waiting for events after ${first!.seq} \\(reading the record in \\d+ ms\\) for \\d+\\.\\d s$`))]));
    // The last event reaches the stream, but its publish is lost (as when a failover moves the channel's shard before
    // the re-sent subscription is confirmed): nothing follows it to reveal a hole.
    const keys = requestEventKeys(keyPrefix, ids.requestId);
    const seq = await redis.incr(keys.sequence);
    const end = { ...ids, type: 'run_end', text: 'done', finishReason: 'stop', sources: [], creditsUsed: 0, durationMs: 1, timeToFirstTokenMs: null, inputTokens: null, outputTokens: null, cachedTokens: null, reasoningTokens: null, brandMention: null };
    await redis.xadd(keys.stream, '*', 'event', JSON.stringify({ seq, ...end }));
    const events = await following;
    expect(events.map((event) => event.type)).toEqual(['text_delta', 'run_end']);
    expect(events[1]!.seq).toBe(events[0]!.seq + 1);
    expect(mine()).toEqual([]);
  });

  it('stops following and unsubscribes when the signal aborts', async () => {
    const ids = freshRequest();
    const controller = new AbortController();
    const iterator = followRequestEvents({ hub, redis, keyPrefix, requestId: ids.requestId, signal: controller.signal });
    const next = iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = hub.subscribedRequestCount;
    controller.abort();
    expect(await next).toEqual({ done: true, value: undefined });
    expect(hub.subscribedRequestCount).toBe(before - 1);
  });
});
