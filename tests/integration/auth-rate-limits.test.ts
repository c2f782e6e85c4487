import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient } from '../support/auth-client.ts';
import { proxyInFront, type TcpProxy } from '../support/tcp-proxy.ts';
import { testServices } from '../support/test-services.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;
let proxy: TcpProxy;

beforeAll(async () => {
  const inFront = await proxyInFront((await testServices()).redisUrl, 6379);
  proxy = inFront.proxy;
  // The documented limits (scale 1), counted in the real Redis behind a proxy we can cut.
  stack = await startTestStack({ withWorker: false, serverRedisUrl: inFront.url, environment: { AUTH_RATE_LIMIT_SCALE: '1' } });
});

afterAll(async () => {
  proxy?.restore();
  await stack?.close();
  await proxy?.close();
});

describe('auth rate limits', () => {
  it('allows 10 sign-in attempts per 15 minutes from one address, then answers 429', async () => {
    const browser = new AuthClient(stack.baseUrl);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await browser.post('login', { email: 'guess@example.com', password: `guess number ${attempt}` })).status).toBe(401);
    }
    const limited = await browser.post('login', { email: 'guess@example.com', password: 'guess number 11' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      success: false,
      data: null,
      error: { code: 'RATE_LIMIT_ERROR', message: 'Rate limit exceeded. Please try again later.' },
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other actions have their own budgets, and reading the session is never limited.
    expect((await browser.get('session')).status).toBe(200);
    expect((await browser.post('resend-verification', { email: 'other@example.com' })).status).toBe(200);
  });

  it('allows 5 registrations per hour from one address', async () => {
    const browser = new AuthClient(stack.baseUrl);
    for (let index = 0; index < 5; index += 1) {
      expect((await browser.post('register', { name: 'N', email: `n${index}@example.com`, password: 'a good password' })).status).toBe(200);
    }
    expect((await browser.post('register', { name: 'N', email: 'n6@example.com', password: 'a good password' })).status).toBe(429);
  });

  it('allows 5 password reset requests per hour from one address, whichever addresses they name', async () => {
    const browser = new AuthClient(stack.baseUrl);
    for (let index = 0; index < 5; index += 1) {
      expect((await browser.post('request-password-reset', { email: `forgot${index}@example.com` })).status).toBe(200);
    }
    const limited = await browser.post('request-password-reset', { email: 'forgot6@example.com' });
    expect({ status: limited.status, code: limited.body.error?.code }).toEqual({ status: 429, code: 'RATE_LIMIT_ERROR' });
    // Using a link has its own budget.
    expect((await browser.post('reset-password', { token: 'x'.repeat(43), password: 'a good password' })).status).toBe(400);
  });

  it('fails closed: when Redis cannot count, sign-in is refused rather than unlimited', async () => {
    proxy.cut();
    try {
      const response = await new AuthClient(stack.baseUrl).post('google', { token: 'x' });
      expect(response.status).toBe(503);
      expect(response.body.error?.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      proxy.restore();
    }
  });
});
