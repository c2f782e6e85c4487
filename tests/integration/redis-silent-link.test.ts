import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInfrastructureUnavailable } from '../../core/errors/index.ts';
import { createRedisConnection, FAIL_FAST_COMMAND_TIMEOUT_MS, waitUntilReady } from '../../core/redis/redis-connection.ts';
import type { RedisClient } from '../../core/redis/index.ts';
import { proxyInFront, type TcpProxy } from '../support/tcp-proxy.ts';
import { testServices } from '../support/test-services.ts';

/**
 * A request path's Redis connection on a link that dies without a reset: nothing comes back, and TCP would take
 * minutes to say so. A command fails after the fail-fast limit, as Redis being unavailable (the user gets a 503, a
 * follower reads again), rather than hanging; once the link is cut and restored the connection works again.
 */
const silent = pino({ level: 'silent' });
let proxy: TcpProxy;
let redis: RedisClient;

beforeAll(async () => {
  const services = await testServices();
  const proxied = await proxyInFront(services.redisUrl, 6379);
  proxy = proxied.proxy;
  redis = createRedisConnection({ url: proxied.url }, 'fail-fast', silent, 'test-silent-link');
  await waitUntilReady(redis);
});

afterAll(async () => {
  redis?.disconnect();
  await proxy?.close();
});

describe('a fail-fast connection on a link that went silent', () => {
  it('fails a command as unavailable after its limit instead of waiting for ever, and works once the link is back', { timeout: FAIL_FAST_COMMAND_TIMEOUT_MS * 6 }, async () => {
    expect(await redis.ping()).toBe('PONG');
    proxy.freeze();
    const began = Date.now();
    const error = await redis.ping().then(
      () => null,
      (failure: unknown) => failure,
    );
    const waited = Date.now() - began;
    expect(String(error)).toMatch(/Command timed out/);
    expect(isInfrastructureUnavailable(error)).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(FAIL_FAST_COMMAND_TIMEOUT_MS - 50);

    proxy.cut();
    proxy.restore();
    await expect.poll(() => redis.ping().catch((failure: unknown) => String(failure)), { timeout: FAIL_FAST_COMMAND_TIMEOUT_MS * 3, interval: 250 }).toBe('PONG');
  });
});
