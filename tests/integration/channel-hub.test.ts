import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEventChannel } from '../../core/events/account-event.ts';
import { requestEventKeys } from '../../core/events/request-event-keys.ts';
import { AccountEventHub } from '../../server/streaming/account-events.ts';
import { ChannelHub } from '../../server/streaming/channel-hub.ts';
import { RequestEventHub } from '../../server/streaming/request-event-hub.ts';
import { createIsolatedRedisPrefix } from '../support/isolated-resources.ts';

const silent = pino({ level: 'silent' });
let redisUrl: string;
let keyPrefix: string;
let cleanup: () => Promise<void>;
let publisher: Redis;
let subscriber: Redis;
let hub: ChannelHub;
let counter = 0;

beforeAll(async () => {
  const isolated = await createIsolatedRedisPrefix();
  ({ redisUrl, keyPrefix, cleanup } = isolated);
  publisher = new Redis(redisUrl);
  subscriber = new Redis(redisUrl);
  hub = new ChannelHub(subscriber, silent);
});

afterAll(async () => {
  await cleanup?.();
  await Promise.all([publisher?.quit(), subscriber?.quit()]);
});

function freshChannel(): string {
  counter += 1;
  return `${keyPrefix}:hub-test:${counter}`;
}

/** How many connections Redis itself counts as subscribed to the channel. */
async function redisSubscribers(channel: string): Promise<number> {
  const reply = (await publisher.call('PUBSUB', 'NUMSUB', channel)) as [string, number];
  return Number(reply[1]);
}

async function until(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('ChannelHub', () => {
  it('subscribes a channel once for many listeners, confirmed before it resolves, and hands every message to each', async () => {
    const channel = freshChannel();
    const first: string[] = [];
    const second: string[] = [];
    // The second listener joins while the first one's SUBSCRIBE is still on its way.
    const [stopFirst, stopSecond] = await Promise.all([hub.subscribe(channel, (payload) => first.push(payload)), hub.subscribe(channel, (payload) => second.push(payload))]);
    // Resolved means subscribed: a message published right now is not lost.
    await publisher.publish(channel, 'hello');
    await until(() => first.length === 1 && second.length === 1);
    expect([first, second]).toEqual([['hello'], ['hello']]);
    expect(await redisSubscribers(channel)).toBe(1);
    expect(hub.subscribedCount((candidate) => candidate === channel)).toBe(1);
    await Promise.all([stopFirst(), stopSecond()]);
  });

  it('keeps the channel while anyone listens and lets it go with the last one', async () => {
    const channel = freshChannel();
    const heard: string[] = [];
    const before = hub.subscribedCount();
    const stopFirst = await hub.subscribe(channel, () => undefined);
    const stopSecond = await hub.subscribe(channel, (payload) => heard.push(payload));
    await stopFirst();
    // Undoing twice does not take the other listener's share.
    await stopFirst();
    expect(await redisSubscribers(channel)).toBe(1);
    await publisher.publish(channel, 'still here');
    await until(() => heard.length === 1);

    await stopSecond();
    expect(hub.subscribedCount()).toBe(before);
    expect(await redisSubscribers(channel)).toBe(0);
    await publisher.publish(channel, 'nobody listens');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['still here']);
  });

  it('ends subscribed when a listener joins while the last one is leaving', async () => {
    const channel = freshChannel();
    const heard: string[] = [];
    const stopOld = await hub.subscribe(channel, () => undefined);
    const leaving = stopOld();
    const stopNew = await hub.subscribe(channel, (payload) => heard.push(payload));
    await leaving;
    expect(await redisSubscribers(channel)).toBe(1);
    await publisher.publish(channel, 'after the race');
    await until(() => heard.length === 1);
    await stopNew();
  });

  it('keeps delivering to the other listeners when one throws', async () => {
    const channel = freshChannel();
    const heard: string[] = [];
    const stopBroken = await hub.subscribe(channel, () => {
      throw new Error('a broken listener');
    });
    const stopGood = await hub.subscribe(channel, (payload) => heard.push(payload));
    await publisher.publish(channel, 'one');
    await publisher.publish(channel, 'two');
    await until(() => heard.length === 2);
    expect(heard).toEqual(['one', 'two']);
    await Promise.all([stopBroken(), stopGood()]);
  });

  it('tells everyone waiting on a failed subscription, and the next listener tries afresh', async () => {
    const offline = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false });
    const failing = new ChannelHub(offline, silent);
    const channel = freshChannel();
    const attempts = await Promise.allSettled([failing.subscribe(channel, () => undefined), failing.subscribe(channel, () => undefined)]);
    expect(attempts.map((attempt) => attempt.status)).toEqual(['rejected', 'rejected']);
    expect(failing.subscribedCount()).toBe(0);

    // The refused command set the connection going; once it is up, a new listener subscribes for real.
    if (offline.status !== 'ready') await new Promise((resolve) => offline.once('ready', resolve));
    const heard: string[] = [];
    const stop = await failing.subscribe(channel, (payload) => heard.push(payload));
    await publisher.publish(channel, 'back');
    await until(() => heard.length === 1);
    await stop();
    await offline.quit();
  });
});

describe('request and account events on one connection', () => {
  it('counts each family apart and gives account listeners parsed events only', async () => {
    const shared = new ChannelHub(subscriber, silent);
    const requests = new RequestEventHub(shared, keyPrefix);
    const accounts = new AccountEventHub(shared, keyPrefix, silent);
    const rawEvents: string[] = [];
    const accountEvents: unknown[] = [];
    const stopRequest = await requests.subscribe('request-one', (payload) => rawEvents.push(payload));
    const stopAccount = await accounts.subscribe('user-one', (event) => accountEvents.push(event));
    const stopOther = await shared.subscribe(freshChannel(), () => undefined);
    expect([requests.subscribedRequestCount, accounts.subscribedUserCount, shared.subscribedCount()]).toEqual([1, 1, 3]);

    await publisher.publish(requestEventKeys(keyPrefix, 'request-one').channel, '{"seq":1}');
    await publisher.publish(accountEventChannel(keyPrefix, 'user-one'), 'not json');
    await publisher.publish(accountEventChannel(keyPrefix, 'user-one'), JSON.stringify({ type: 'credits_changed', creditsRemaining: 42 }));
    await until(() => rawEvents.length === 1 && accountEvents.length === 1);
    expect(rawEvents).toEqual(['{"seq":1}']);
    expect(accountEvents).toEqual([{ type: 'credits_changed', creditsRemaining: 42 }]);

    await Promise.all([stopRequest(), stopAccount(), stopOther()]);
    expect([requests.subscribedRequestCount, accounts.subscribedUserCount]).toEqual([0, 0]);
  });
});
