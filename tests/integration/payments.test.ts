import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_PROCESSED_PHRASE } from '../../contract/payment-texts.ts';
import type { RunningStripeApiFake } from '../../simulator/stripe/stripe-api-fake.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { postSearchStream } from '../support/search-stream-client.ts';
import { deliverWebhook, signedWebhook, startStripeFake, stripeEnvironment, STRIPE_TEST_KEYS } from '../support/stripe-test-kit.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { admitClaimedRun, chargeRun } from '../support/ledger-runs.ts';

let fake: RunningStripeApiFake;
let stack: TestStack;
let catalogueFile: string;

/** The shipped catalogue with one model priced at 40 credits: above a registered user's cap (30), within a subscriber's (50). */
const EXPENSIVE_MODEL = { model: 'openai', specificModel: 'gpt-4o' } as const;

beforeAll(async () => {
  fake = await startStripeFake();
  const catalogue = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../core/catalogue/model-catalogue.json'), 'utf8'));
  const openai = catalogue.engines.find((engine: { id: string }) => engine.id === 'openai');
  openai.models.find((model: { id: string }) => model.id === 'gpt-4o').credits = 40;
  catalogueFile = path.join(tmpdir(), `quorum-payments-catalogue-${randomUUID()}.json`);
  writeFileSync(catalogueFile, JSON.stringify(catalogue));
  stack = await startTestStack({
    environment: { ...stripeEnvironment(fake), MODEL_CATALOGUE_FILE: catalogueFile, AUTH_RATE_LIMIT_SCALE: '100' },
  });
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

interface Answer {
  status: number;
  body: { success: boolean; data: any; error: { code: string; message: string } | null };
}

async function call(method: string, pathName: string, body?: unknown, cookie?: string): Promise<Answer> {
  const response = await fetch(`${stack.baseUrl}${pathName}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const payer = (credits = 150) => createPayer(stack.records(), stack.config, credits);
const ledger = (accountId: string) => accountLedger(stack.records(), accountId);

async function purchaseEntries(paymentIntentId: string): Promise<number> {
  const rows = await stack.records().execute<{ count: string }[]>(`select count(*) from credit_entries where reference = ?`, [`purchase:${paymentIntentId}`]);
  return Number(rows[0]!.count);
}

async function tierOf(userId: string): Promise<string> {
  const rows = await stack.records().execute<{ tier: string }[]>(`select tier from users where id = ?`, [userId]);
  return rows[0]!.tier;
}

/** Starts a purchase and pays it at the fake, as the browser's card form would. */
async function paidPurchase(cookie: string, body: unknown = { creditAmount: 100 }): Promise<{ paymentIntentId: string; credits: number }> {
  const started = await call('POST', '/api/payments', body, cookie);
  expect(started.status).toBe(200);
  fake.confirm(started.body.data.paymentIntentId);
  return { paymentIntentId: started.body.data.paymentIntentId, credits: started.body.data.credits };
}

const succeededEvent = (paymentIntentId: string, options: { eventId?: string } = {}) =>
  signedWebhook('payment_intent.succeeded', { ...fake.intents.get(paymentIntentId)! }, options);

describe('GET /api/payments', () => {
  it('offers packages and the dynamic price with its limits, five bands and a slider of five 20-point segments', async () => {
    const answer = await call('GET', '/api/payments');
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.paymentEnabled).toBe(true);
    expect(data.dynamicPricingEnabled).toBe(true);
    expect(data.publishableKey).toBe(STRIPE_TEST_KEYS.publishableKey);
    expect(data.packages.length).toBeGreaterThan(0);
    for (const pack of data.packages) expect(Object.keys(pack).sort()).toEqual(['credits', 'currency', 'description', 'features', 'id', 'name', 'popular', 'price']);
    expect(data.dynamicPricing.limits).toMatchObject({ minimumCredits: 100, maximumCredits: 50000, defaultCredits: 100, suggestedAmounts: [100, 200, 500, 1000, 2500, 5000, 10000] });
    expect(data.dynamicPricing.tiers.map((tier: { min: number; max: number | null; pricePerCredit: number; label: string }) => [tier.min, tier.max, tier.pricePerCredit, tier.label])).toEqual([
      [100, 200, 0.01, 'Starter'],
      [201, 500, 0.009, 'Basic'],
      [501, 2000, 0.0085, 'Standard'],
      [2001, 10000, 0.008, 'Professional'],
      [10001, null, 0.0075, 'Enterprise'],
    ]);
    const ranges = data.dynamicPricing.slider.ranges;
    expect(ranges.map((range: { sliderMax: number; sliderMin: number }) => range.sliderMax - range.sliderMin)).toEqual([20, 20, 20, 20, 20]);
    expect(data.dynamicPricing.features.showSavingsCalculation).toBe(true);
  });

  it('lets the page load Stripe.js, its frames and its API only when payments are on', async () => {
    const policy = (await fetch(`${stack.baseUrl}/api/payments`)).headers.get('content-security-policy')!;
    expect(policy).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
  });

  it('says payments are off, and refuses to start one, without STRIPE_SECRET_KEY', async () => {
    const off = await startTestStack({ withWorker: false });
    try {
      const offer = await fetch(`${off.baseUrl}/api/payments`).then((response) => response.json());
      expect(offer.data.paymentEnabled).toBe(false);
      expect(offer.data.publishableKey).toBeNull();
      expect((await fetch(`${off.baseUrl}/api/payments`)).headers.get('content-security-policy')).not.toContain('stripe.com');
      const refused = await fetch(`${off.baseUrl}/api/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: off.fundedCookie },
        body: JSON.stringify({ creditAmount: 100 }),
      });
      expect(refused.status).toBe(503);
      expect((await refused.json()).error.code).toBe('PAYMENT_UNAVAILABLE');
      // The webhook has nothing to verify with, and never will on this configuration: a permanent 404, not a 503
      // that asks Stripe (and every monitor) to keep trying.
      const webhook = await fetch(`${off.baseUrl}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, body: '{}' });
      expect(webhook.status).toBe(404);
      expect(await webhook.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND', message: 'Payments are not set up on this server.' } });
    } finally {
      await off.close();
    }
  }, 30_000);
});

describe('POST /api/payments', () => {
  it.each([
    [100, 100],
    [201, 181],
    [1000, 850],
    [2500, 2000],
    [10001, 7501],
    [50000, 37500],
  ])('prices %i credits at exactly %i cents, and asks Stripe for that amount', async (credits, cents) => {
    const { cookie, user } = await payer();
    const answer = await call('POST', '/api/payments', { creditAmount: credits }, cookie);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ credits, amount: cents, price: cents / 100, currency: 'usd' });
    expect(answer.body.data.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const intent = fake.intents.get(answer.body.data.paymentIntentId)!;
    expect(intent.amount).toBe(cents);
    expect(intent.metadata).toEqual({ purchase_id: answer.body.data.purchaseId, user_id: user.id, credits: String(credits) });
    expect(intent.payment_method_types).toEqual(['card']);
  });

  it('prices a package at its own price', async () => {
    const { cookie } = await payer();
    const offer = (await call('GET', '/api/payments')).body.data;
    const pack = offer.packages[0];
    const answer = await call('POST', '/api/payments', { packageId: pack.id }, cookie);
    expect(answer.body.data).toMatchObject({ credits: pack.credits, amount: Math.round(pack.price * 100) });
  });

  it.each([
    [{ creditAmount: 99 }, 'Minimum credit amount is 100'],
    [{ creditAmount: 0 }, 'Minimum credit amount is 100'],
    [{ creditAmount: 50001 }, 'Maximum credit amount is 50000'],
    [{ packageId: 'retired-pack' }, 'The selected package is no longer available.'],
    [{}, 'Choose either an amount of credits or a package.'],
    [{ creditAmount: 100, packageId: 'popular' }, 'Choose either an amount of credits or a package.'],
  ])('refuses %j with "%s" and asks Stripe for nothing', async (body, message) => {
    const { cookie } = await payer();
    const before = fake.createCalls;
    const answer = await call('POST', '/api/payments', body, cookie);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: 'VALIDATION_ERROR', message });
    expect(fake.createCalls).toBe(before);
  });

  it('refuses a fractional, textual or missing amount as invalid input', async () => {
    const { cookie } = await payer();
    for (const creditAmount of [150.5, 'two hundred', null]) {
      const answer = await call('POST', '/api/payments', { creditAmount }, cookie);
      expect(answer.status).toBe(400);
      expect(answer.body.error!.code).toBe('VALIDATION_ERROR');
    }
  });

  it('asks a guest to sign in', async () => {
    const answer = await call('POST', '/api/payments', { creditAmount: 100 });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Please sign in to buy credits.' });
  });

  it('the fake honours idempotency keys like Stripe: one intent per key, and another body under the same key is refused', async () => {
    const client = new Stripe(STRIPE_TEST_KEYS.secretKey, { host: '127.0.0.1', port: new URL(fake.url).port, protocol: 'http', maxNetworkRetries: 0 });
    const key = `test-${randomUUID()}`;
    const first = await client.paymentIntents.create({ amount: 500, currency: 'usd' }, { idempotencyKey: key });
    const again = await client.paymentIntents.create({ amount: 500, currency: 'usd' }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    await expect(client.paymentIntents.create({ amount: 600, currency: 'usd' }, { idempotencyKey: key })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});

describe('PUT /api/payments', () => {
  it('credits a succeeded payment once, makes the buyer a subscriber, and says "already processed" the second time', async () => {
    const { cookie, user, accountId } = await payer(150);
    const { paymentIntentId } = await paidPurchase(cookie, { creditAmount: 1000 });
    const confirmed = await call('PUT', '/api/payments', { paymentIntentId }, cookie);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'succeeded', creditsAdded: 1000, creditsRemaining: 1150, tier: 'subscribed' });
    expect(await ledger(accountId)).toEqual({ balance: 1150, held: 0 });
    expect(await tierOf(user.id)).toBe('subscribed');

    const again = await call('PUT', '/api/payments', { paymentIntentId }, cookie);
    expect(again.status).toBe(409);
    expect(again.body.error!.code).toBe('PAYMENT_ALREADY_PROCESSED');
    expect(again.body.error!.message).toContain(ALREADY_PROCESSED_PHRASE);
    expect(await ledger(accountId)).toEqual({ balance: 1150, held: 0 });

    const credits = (await call('GET', '/api/credits', undefined, cookie)).body.data.user;
    expect(credits).toMatchObject({ tier: 'subscribed', creditsRemaining: 1150 });
  });

  it('lets a subscriber ask a model above the registered cap (30), up to the subscriber cap (50)', async () => {
    const { cookie } = await payer(150);
    const refused = await postSearchStream(stack.baseUrl, { ...EXPENSIVE_MODEL, query: 'Which is the tallest mountain in Europe?', searchEnabled: false }, { headers: { cookie } });
    expect(refused.status).toBe(403);

    const { paymentIntentId } = await paidPurchase(cookie);
    expect((await call('PUT', '/api/payments', { paymentIntentId }, cookie)).status).toBe(200);
    const admitted = await postSearchStream(stack.baseUrl, { ...EXPENSIVE_MODEL, query: 'Which is the tallest mountain in Europe?', searchEnabled: false }, { headers: { cookie } });
    expect(admitted.status).toBe(200);
    expect(admitted.events.at(-1)?.event).toBe('end');
  }, 30_000);

  it('says "still processing" while the card is processing, and credits nothing yet', async () => {
    const { cookie, accountId } = await payer();
    const started = await call('POST', '/api/payments', { creditAmount: 300 }, cookie);
    const paymentIntentId = started.body.data.paymentIntentId;
    fake.confirm(paymentIntentId, 'pm_card_processing');
    const answer = await call('PUT', '/api/payments', { paymentIntentId }, cookie);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual({ code: 'PAYMENT_PROCESSING', message: 'Your payment is still processing. Please wait a moment and try again.' });
    expect(await ledger(accountId)).toEqual({ balance: 150, held: 0 });

    fake.setStatus(paymentIntentId, 'succeeded');
    expect((await call('PUT', '/api/payments', { paymentIntentId }, cookie)).status).toBe(200);
    expect(await ledger(accountId)).toEqual({ balance: 450, held: 0 });
  });

  it('says "payment failed" for a declined card, and credits nothing', async () => {
    const { cookie, accountId } = await payer();
    const started = await call('POST', '/api/payments', { creditAmount: 300 }, cookie);
    const paymentIntentId = started.body.data.paymentIntentId;
    expect(() => fake.confirm(paymentIntentId, 'pm_card_chargeDeclined')).toThrow();
    const answer = await call('PUT', '/api/payments', { paymentIntentId }, cookie);
    expect(answer.status).toBe(402);
    expect(answer.body.error!.code).toBe('PAYMENT_FAILED');
    expect(answer.body.error!.message).toMatch(/^Payment failed/);
    expect(await ledger(accountId)).toEqual({ balance: 150, held: 0 });
  });

  it('answers "payment record not found" for an unknown intent and for someone else’s', async () => {
    const owner = await payer();
    const stranger = await payer();
    const { paymentIntentId } = await paidPurchase(owner.cookie);
    for (const [cookie, id] of [
      [owner.cookie, 'pi_doesnotexist'],
      [stranger.cookie, paymentIntentId],
    ] as const) {
      const answer = await call('PUT', '/api/payments', { paymentIntentId: id }, cookie);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toEqual({ code: 'PAYMENT_NOT_FOUND', message: 'Payment record not found. If you were charged, please contact support.' });
    }
    expect(await ledger(stranger.accountId)).toEqual({ balance: 150, held: 0 });
    expect(await ledger(owner.accountId)).toEqual({ balance: 150, held: 0 });
  });
});

describe('POST /api/payments/webhook', () => {
  it('credits through the same key as the confirmation: 50 races of confirm against webhook credit once each', async () => {
    const { cookie, accountId } = await payer();
    const outcomes = { confirmWon: 0, webhookWon: 0 };
    for (let round = 0; round < 50; round += 1) {
      const { paymentIntentId } = await paidPurchase(cookie);
      const [confirmed, delivered] = await Promise.all([
        call('PUT', '/api/payments', { paymentIntentId }, cookie),
        deliverWebhook(stack.baseUrl, succeededEvent(paymentIntentId)),
      ]);
      expect(delivered.status).toBe(200);
      expect([200, 409]).toContain(confirmed.status);
      if (confirmed.status === 409) expect(confirmed.body.error!.code).toBe('PAYMENT_ALREADY_PROCESSED');
      outcomes[confirmed.status === 200 ? 'confirmWon' : 'webhookWon'] += 1;
      expect(await purchaseEntries(paymentIntentId)).toBe(1);
      expect(await ledger(accountId)).toEqual({ balance: 150 + (round + 1) * 100, held: 0 });
    }
    expect(outcomes.confirmWon + outcomes.webhookWon).toBe(50);
  }, 120_000);

  it('handles an event delivered 10 times once, and a second event for the same payment not at all', async () => {
    const { cookie, accountId } = await payer();
    const { paymentIntentId } = await paidPurchase(cookie, { creditAmount: 500 });
    const event = succeededEvent(paymentIntentId);
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => deliverWebhook(stack.baseUrl, event)));
    expect(deliveries.map((delivery) => delivery.status)).toEqual(Array(10).fill(200));
    expect(deliveries.filter((delivery) => delivery.json.data.duplicate === false)).toHaveLength(1);
    expect((await deliverWebhook(stack.baseUrl, succeededEvent(paymentIntentId))).status).toBe(200);
    expect(await purchaseEntries(paymentIntentId)).toBe(1);
    expect(await ledger(accountId)).toEqual({ balance: 650, held: 0 });
  });

  it('refuses forged, stale, tampered and unsigned calls with 400 and credits nothing', async () => {
    const { cookie, accountId } = await payer();
    const { paymentIntentId } = await paidPurchase(cookie);
    const genuine = succeededEvent(paymentIntentId);
    const forged = signedWebhook('payment_intent.succeeded', { ...fake.intents.get(paymentIntentId)! }, { secret: 'whsec_not_ours' });
    const stale = signedWebhook('payment_intent.succeeded', { ...fake.intents.get(paymentIntentId)! }, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const tampered = { body: genuine.body.replace('"amount":100', '"amount":1'), signature: genuine.signature };
    for (const call of [forged, stale, tampered, { body: genuine.body, signature: '' }]) {
      const answer = await deliverWebhook(stack.baseUrl, call);
      expect(answer.status).toBe(400);
      expect(answer.json.error).toEqual({ code: 'VALIDATION_ERROR', message: 'Invalid webhook signature.' });
    }
    expect(await purchaseEntries(paymentIntentId)).toBe(0);
    expect(await ledger(accountId)).toEqual({ balance: 150, held: 0 });
    // The genuine event still counts after all that.
    expect((await deliverWebhook(stack.baseUrl, genuine)).status).toBe(200);
    expect(await ledger(accountId)).toEqual({ balance: 250, held: 0 });
  });

  it('ignores a succeeded intent that does not match its purchase', async () => {
    const { cookie, accountId } = await payer();
    const { paymentIntentId } = await paidPurchase(cookie);
    const altered = signedWebhook('payment_intent.succeeded', { ...fake.intents.get(paymentIntentId)!, amount: 1 });
    expect((await deliverWebhook(stack.baseUrl, altered)).status).toBe(200);
    expect(await ledger(accountId)).toEqual({ balance: 150, held: 0 });
  });

  it('takes refunded credits back in proportion, and never below what is left when they were spent', async () => {
    const { cookie, accountId, user } = await payer();
    const { paymentIntentId } = await paidPurchase(cookie, { creditAmount: 1000 });
    expect((await call('PUT', '/api/payments', { paymentIntentId }, cookie)).status).toBe(200);
    const charge = (refunded: number) => ({ id: 'ch_test', object: 'charge', amount: 850, amount_refunded: refunded, payment_intent: paymentIntentId });

    // Half the money back: half the credits go.
    expect((await deliverWebhook(stack.baseUrl, signedWebhook('charge.refunded', charge(425)))).status).toBe(200);
    expect(await ledger(accountId)).toEqual({ balance: 650, held: 0 });

    // Spend 600 of the remaining 650, then refund the rest: of the 500 credits it covers, only 50 are left to take.
    const spent = await admitClaimedRun(stack.records(), user.id, 600);
    await chargeRun(stack.records(), spent!);
    expect((await deliverWebhook(stack.baseUrl, signedWebhook('charge.refunded', charge(850)))).status).toBe(200);
    expect(await ledger(accountId)).toEqual({ balance: 0, held: 0 });
    const [purchase] = await stack.records().execute<{ reversed_credits: number; unrecovered_credits: number }[]>(
      `select reversed_credits, unrecovered_credits from credit_purchases where payment_intent_id = ?`,
      [paymentIntentId],
    );
    expect(purchase).toEqual({ reversed_credits: 1000, unrecovered_credits: 450 });
    const [total] = await stack.records().execute<{ sum: string }[]>(`select sum(amount) from credit_entries where account_id = ?`, [accountId]);
    expect(Number(total!.sum)).toBe(0);
  });

  it('takes a disputed purchase’s credits back', async () => {
    const { cookie, accountId } = await payer(10);
    const { paymentIntentId } = await paidPurchase(cookie, { creditAmount: 200 });
    await deliverWebhook(stack.baseUrl, succeededEvent(paymentIntentId));
    expect(await ledger(accountId)).toEqual({ balance: 210, held: 0 });
    const dispute = { id: 'dp_test', object: 'dispute', amount: 200, charge: 'ch_test', payment_intent: paymentIntentId, status: 'needs_response' };
    expect((await deliverWebhook(stack.baseUrl, signedWebhook('charge.dispute.created', dispute))).status).toBe(200);
    expect(await ledger(accountId)).toEqual({ balance: 10, held: 0 });
  });
});
