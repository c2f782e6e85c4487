import type { Stripe } from '@stripe/stripe-js';
// The `pure` build adds Stripe's script only when `loadStripe` is called (the default entry adds it on import).
import { loadStripe } from '@stripe/stripe-js/dist/pure.mjs';

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for a publishable key, loaded on first use only, so nobody who never buys credits downloads it. A
 * failed load is forgotten, so the next attempt tries again.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  const earlier = loaded.get(publishableKey);
  if (earlier) return earlier;
  const stripe = loadStripe(publishableKey).catch((error: unknown) => {
    loaded.delete(publishableKey);
    throw error;
  });
  loaded.set(publishableKey, stripe);
  return stripe;
}
