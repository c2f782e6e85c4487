import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupportRequest } from '../../core/database/entities/support-request.ts';
import type { RunningStripeApiFake } from '../../simulator/stripe/stripe-api-fake.ts';
import { createPayer } from '../support/funded-user.ts';
import { startStripeFake, stripeEnvironment } from '../support/stripe-test-kit.ts';
import { proxyInFront, type TcpProxy } from '../support/tcp-proxy.ts';
import { testServices } from '../support/test-services.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * Support requests and payments are limited per person (a signed-in user, or a guest by their address) and per
 * address, counted in the real Redis (behind a proxy the test can cut) and failing closed. Behind a trusted proxy each
 * call names its address, so one person can be shown calling from many.
 */
const PER_USER_SUPPORT = 2;
const PER_USER_PAYMENTS = 3;
/** The per-address limits at AUTH_RATE_LIMIT_SCALE=1 (the documented numbers, unchanged by the per-user limits). */
const PER_ADDRESS_SUPPORT = 5;
const PER_ADDRESS_PAYMENTS = 20;
const RATE_LIMITED = { success: false, data: null, error: { code: 'RATE_LIMIT_ERROR', message: 'Rate limit exceeded. Please try again later.' } };

let stack: TestStack;
let proxy: TcpProxy;
let fake: RunningStripeApiFake;

beforeAll(async () => {
  fake = await startStripeFake();
  const inFront = await proxyInFront((await testServices()).redisUrl, 6379);
  proxy = inFront.proxy;
  stack = await startTestStack({
    withWorker: false,
    serverRedisUrl: inFront.url,
    environment: {
      ...stripeEnvironment(fake),
      AUTH_RATE_LIMIT_SCALE: '1',
      TRUST_PROXY: 'true',
      SUPPORT_RATE_LIMIT_PER_USER_PER_HOUR: String(PER_USER_SUPPORT),
      PAYMENT_RATE_LIMIT_PER_USER_PER_10_MINUTES: String(PER_USER_PAYMENTS),
    },
  });
}, 60_000);

afterAll(async () => {
  proxy?.restore();
  await stack?.close();
  await proxy?.close();
  await fake?.close();
});

let lastAddress = 0;
const freshAddress = () => `198.51.100.${(lastAddress += 1)}`;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { success: boolean; data: unknown; error: { code: string; message: string } | null };
}

async function call(method: string, path: string, body: unknown, options: { address: string; cookie?: string }): Promise<Answer> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': options.address, ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Answer['body'] };
}

const supportRequest = (title: string) => ({ email: 'sender@example.com', name: 'Sender', subject: 'Bug Report', title, description: 'Something long enough to send.' });
const sendSupport = (title: string, options: { address: string; cookie?: string }) => call('POST', '/api/support', supportRequest(title), options);
const startPayment = (options: { address: string; cookie?: string }) => call('POST', '/api/payments', { creditAmount: 100 }, options);
const person = async () => (await createPayer(stack.records(), stack.config, 150)).cookie;

describe('support requests', () => {
  it('limits one signed-in person wherever they write from, with 429 and Retry-After, and stores nothing past it', async () => {
    const cookie = await person();
    for (let index = 1; index <= PER_USER_SUPPORT; index += 1) {
      expect((await sendSupport(`Mine ${index}`, { cookie, address: freshAddress() })).status).toBe(200);
    }
    const title = `Mine past the limit ${randomUUID()}`;
    const refused = await sendSupport(title, { cookie, address: freshAddress() });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(RATE_LIMITED);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(await stack.records().count(SupportRequest, { title })).toBe(0);
  });

  it('counts the person before the address: their refused attempts leave the address its allowance', async () => {
    const cookie = await person();
    const address = freshAddress();
    for (let index = 1; index <= PER_USER_SUPPORT; index += 1) expect((await sendSupport(`Used ${index}`, { cookie, address })).status).toBe(200);
    for (let index = 0; index < 10; index += 1) expect((await sendSupport('Refused', { cookie, address })).status).toBe(429);
    // The address has had 2 of its 5; others there still get the other 3, then it is full for everyone.
    const left = PER_ADDRESS_SUPPORT - PER_USER_SUPPORT;
    for (let index = 0; index < left; index += 1) expect((await sendSupport(`Neighbour ${index}`, { cookie: await person(), address })).status).toBe(200);
    const full = await sendSupport('Neighbour past the address limit', { cookie: await person(), address });
    expect(full.status).toBe(429);
    expect(full.body).toEqual(RATE_LIMITED);
  });

  it('keeps guests to the per-address limit (a guest is known by their address)', async () => {
    const address = freshAddress();
    // A guest's person key is their address, so the smaller of the two limits applies to guests.
    const allowed = Math.min(PER_USER_SUPPORT, PER_ADDRESS_SUPPORT);
    for (let index = 0; index < allowed; index += 1) expect((await sendSupport(`Guest ${index}`, { address })).status).toBe(200);
    expect((await sendSupport('Guest past the limit', { address })).status).toBe(429);
    expect((await sendSupport('Guest elsewhere', { address: freshAddress() })).status).toBe(200);
  });
});

describe('payments', () => {
  it('limits one person starting and confirming payments from many addresses, before Stripe is asked', async () => {
    const cookie = await person();
    const started = await startPayment({ cookie, address: freshAddress() });
    expect(started.status).toBe(200);
    const paymentIntentId = (started.body.data as { paymentIntentId: string }).paymentIntentId;
    // Confirming counts too (the card step is where cards are tested): one start and two confirmations use all 3.
    for (let index = 0; index < PER_USER_PAYMENTS - 1; index += 1) {
      const confirmed = await call('PUT', '/api/payments', { paymentIntentId }, { cookie, address: freshAddress() });
      expect(confirmed.status).not.toBe(429);
    }
    const intentsBefore = fake.intents.size;
    for (const [method, body] of [
      ['POST', { creditAmount: 100 }],
      ['PUT', { paymentIntentId }],
    ] as const) {
      const refused = await call(method, '/api/payments', body, { cookie, address: freshAddress() });
      expect({ method, status: refused.status, body: refused.body }).toEqual({ method, status: 429, body: RATE_LIMITED });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    expect(fake.intents.size).toBe(intentsBefore);
    // Someone else is not affected.
    expect((await startPayment({ cookie: await person(), address: freshAddress() })).status).toBe(200);
  });

  it('limits one address across accounts to the documented 20 calls in ten minutes', async () => {
    const address = freshAddress();
    for (let index = 0; index < PER_ADDRESS_PAYMENTS; index += 1) {
      // A new account each time, each well under its own limit: only the address's count grows.
      expect((await startPayment({ cookie: await person(), address })).status).toBe(200);
    }
    const refused = await startPayment({ cookie: await person(), address });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(RATE_LIMITED);
  });

  it('counts guests by their address, before telling them to sign in', async () => {
    const address = freshAddress();
    for (let index = 0; index < PER_USER_PAYMENTS; index += 1) expect((await startPayment({ address })).body.error?.code).toBe('UNAUTHORIZED');
    expect((await startPayment({ address })).status).toBe(429);
  });
});

describe('when Redis cannot count', () => {
  it('refuses support requests and payments with 503 instead of letting them through uncounted', async () => {
    const cookie = await person();
    const title = `Sent while Redis is cut ${randomUUID()}`;
    const intentsBefore = fake.intents.size;
    proxy.cut();
    try {
      for (const answer of [await sendSupport(title, { cookie, address: freshAddress() }), await startPayment({ cookie, address: freshAddress() })]) {
        expect(answer.status).toBe(503);
        expect(answer.body.error?.code).toBe('SERVICE_UNAVAILABLE');
      }
    } finally {
      proxy.restore();
    }
    expect(await stack.records().count(SupportRequest, { title })).toBe(0);
    expect(fake.intents.size).toBe(intentsBefore);
  });
});
