import Stripe from 'stripe';
import type { QuorumConfig } from '../config/index.ts';

/**
 * The Stripe SDK pointed at STRIPE_API_BASE_URL: Stripe itself by default, or a proxy or local fake, named through
 * the SDK's own host, port and protocol settings. Undefined when payments are off (no secret key).
 */
export function createStripeClient(payments: QuorumConfig['payments']): Stripe | undefined {
  if (!payments.stripeSecretKey) return undefined;
  const base = new URL(payments.stripeApiBaseUrl);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(payments.stripeSecretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    // Every call that changes something carries our own idempotency key, so a retried call cannot pay twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Quorum' },
  });
}
