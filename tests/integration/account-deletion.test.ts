import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStripeApiFake } from '../../simulator/stripe/stripe-api-fake.ts';
import { admitClaimedRun } from '../support/ledger-runs.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { deliverWebhook, signedWebhook, startStripeFake, stripeEnvironment } from '../support/stripe-test-kit.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * What deleting an account forfeits, as `GET /api/account/deletion-cost` reads it from the ledger for the dialog
 * that asks first: the whole balance (held credits included) and, per currency, what card purchases cost and
 * bought, less refunds. Deleting stays `POST /api/auth?action=delete-account` without a body.
 */

let fake: RunningStripeApiFake;
let stack: TestStack;

beforeAll(async () => {
  fake = await startStripeFake();
  stack = await startTestStack({ withWorker: false, environment: { ...stripeEnvironment(fake), AUTH_RATE_LIMIT_SCALE: '100' } });
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

async function call(method: string, pathName: string, cookie?: string, body?: unknown) {
  const response = await fetch(`${stack.baseUrl}${pathName}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; data: any; error: { code: string; message: string } | null } };
}

/** Buys `creditAmount` credits through the real payment flow against the Stripe fake, confirmed by the browser's call. */
async function bought(cookie: string, creditAmount: number): Promise<string> {
  const started = await call('POST', '/api/payments', cookie, { creditAmount });
  expect(started.status).toBe(200);
  const paymentIntentId = started.body.data.paymentIntentId as string;
  fake.confirm(paymentIntentId);
  expect((await call('PUT', '/api/payments', cookie, { paymentIntentId })).status).toBe(200);
  return paymentIntentId;
}

describe('GET /api/account/deletion-cost', () => {
  it('says the balance and that nothing was paid when no credits were bought', async () => {
    const { cookie } = await createPayer(stack.records(), stack.config, 150);
    const answer = await call('GET', '/api/account/deletion-cost', cookie);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ balance: 150, paid: [] });
  });

  it('adds up what purchases cost and bought, less a refund, and counts held credits in the balance', async () => {
    const { cookie, accountId, user } = await createPayer(stack.records(), stack.config, 150);
    await bought(cookie, 1000); // $8.50
    const refunded = await bought(cookie, 200); // $2.00, half of it refunded below
    const charge = { id: 'ch_test', object: 'charge', amount: 200, amount_refunded: 100, payment_intent: refunded };
    expect((await deliverWebhook(stack.baseUrl, signedWebhook('charge.refunded', charge))).status).toBe(200);
    // An answer still running holds 30 of them: deleting forfeits those too.
    expect(await admitClaimedRun(stack.records(), user.id, 30)).toBeDefined();
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 1250, held: 30 });

    const answer = await call('GET', '/api/account/deletion-cost', cookie);
    expect(answer.body.data).toEqual({ balance: 1250, paid: [{ currency: 'usd', amountCents: 950, credits: 1100 }] });
    expect(answer.status).toBe(200);
  });

  it('asks a guest to sign in, and answers nothing once the account is deleted without a body', async () => {
    expect((await call('GET', '/api/account/deletion-cost')).body.error?.code).toBe('UNAUTHORIZED');
    const { cookie } = await createPayer(stack.records(), stack.config, 150);
    const deleted = await call('POST', '/api/auth?action=delete-account', cookie);
    expect(deleted).toEqual({ status: 200, body: { success: true, data: { message: 'Your account has been deleted.' }, error: null } });
    expect((await call('GET', '/api/account/deletion-cost', cookie)).status).toBe(401);
  });
});
