import { PER_MODEL_CREDIT_CAP, type Tier } from './limits.ts';

/**
 * What each tier may use, stated once: the server admits requests with these rules and the client decides from the
 * same functions what it offers, so a page never invites a request the server would refuse. Plain constants and
 * functions, no I/O, so the client imports them at no cost.
 */

/** Cost bands by what one answer costs: Premium from 12 credits, Balanced from 6, Budget below 6. */
export const PREMIUM_MIN_CREDITS = 12;
export const BALANCED_MIN_CREDITS = 6;

export type CreditBand = 'Premium' | 'Balanced' | 'Budget';

export function creditBand(credits: number): CreditBand {
  if (credits >= PREMIUM_MIN_CREDITS) return 'Premium';
  return credits >= BALANCED_MIN_CREDITS ? 'Balanced' : 'Budget';
}

/**
 * The free tier's models are exactly the budget ones. Derived from the price rather than kept as a flag per model,
 * so a repriced model moves in or out of the free tier with its price and the two can never disagree.
 */
export function isFreeTierModel(credits: number): boolean {
  return creditBand(credits) === 'Budget';
}

const TIER_ORDER: Record<Tier, number> = { free: 0, registered: 1, subscribed: 2 };

export function tierAtLeast(tier: Tier, minimum: Tier): boolean {
  return TIER_ORDER[tier] >= TIER_ORDER[minimum];
}

/** The features a guest is shown but may not use until registering. */
export interface TierFeatures {
  comparison: boolean;
  webSearch: boolean;
  brandMonitoring: boolean;
}

export function tierFeatures(tier: Tier): TierFeatures {
  const registered = tierAtLeast(tier, 'registered');
  return { comparison: registered, webSearch: registered, brandMonitoring: registered };
}

/** What stands between a tier and a model: registering (a guest), buying credits (a registered user), or nothing. */
export type ModelRestriction = 'register' | 'premium';

/**
 * Null when `tier` may ask the model; `credits` is what one answer costs, with any add-on per model (the per-model
 * cap counts it). Guests get only free-tier models, and every tier a cap on what one model may cost.
 */
export function modelRestriction(tier: Tier, model: { credits: number }, credits = model.credits): ModelRestriction | null {
  if (tier === 'free' && !isFreeTierModel(model.credits)) return 'register';
  if (credits > PER_MODEL_CREDIT_CAP[tier]) return tier === 'free' ? 'register' : 'premium';
  return null;
}
