import Stripe from 'stripe';
import { startStripeApiFake, type RunningStripeApiFake } from '../../simulator/stripe/stripe-api-fake.ts';

/** Test keys and webhook secret: they only ever meet the local fake of Stripe's API. */
export const STRIPE_TEST_KEYS = {
  secretKey: 'sk_test_quorum_fake_secret',
  publishableKey: 'pk_test_quorum_fake_publishable',
  webhookSecret: 'whsec_quorum_fake_webhook_secret',
} as const;

export async function startStripeFake(): Promise<RunningStripeApiFake> {
  return startStripeApiFake({ secretKey: STRIPE_TEST_KEYS.secretKey, publishableKey: STRIPE_TEST_KEYS.publishableKey });
}

/** The STRIPE_* variables that point a Quorum at the fake. */
export function stripeEnvironment(fake: RunningStripeApiFake): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
    STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_KEYS.publishableKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
    STRIPE_API_BASE_URL: fake.url,
  };
}

// Only for its webhook signing helpers; it never makes a call.
const signer = new Stripe(STRIPE_TEST_KEYS.secretKey);

/** A webhook call as Stripe would send it: an event around `object`, and its `Stripe-Signature` header. */
export function signedWebhook(
  type: string,
  object: Record<string, unknown>,
  options: { eventId?: string; secret?: string; timestamp?: number } = {},
): { body: string; signature: string; eventId: string } {
  const eventId = options.eventId ?? `evt_${crypto.randomUUID().replaceAll('-', '')}`;
  const body = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature = signer.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? STRIPE_TEST_KEYS.webhookSecret,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
  return { body, signature, eventId };
}

/** Posts a signed webhook call to a Quorum server; resolves with the status and the parsed answer. */
export async function deliverWebhook(baseUrl: string, webhook: { body: string; signature: string }): Promise<{ status: number; json: any }> {
  const response = await fetch(`${baseUrl}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': webhook.signature },
    body: webhook.body,
  });
  return { status: response.status, json: await response.json() };
}
