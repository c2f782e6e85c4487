import { PER_MODEL_CREDIT_CAP, type Tier } from './limits.ts';

/**
 * What each tier may use, stated once: the server admits requests with these rules and the client decides from the
 * same functions what it offers, so a page never invites a request the server would refuse. Plain constants and
 * functions, no I/O, so the client imports them at no cost.
 */

/** The words a refusal (server) and a lock (page) use for what a tier may not do. */
export const REGISTER_TO_UNLOCK = 'Register for free to unlock this feature.';
export const UPGRADE_FOR_ALL_MODELS = 'Upgrade to premium to access all models.';
export const REGISTER_FOR_WEB_SEARCH = 'Register for web search';
export const BRAND_MONITORING_NEEDS_REGISTRATION = 'Brand monitoring requires registration';

/** How the account menu names a tier; a guest has no menu. */
export const TIER_LABELS = { registered: 'Registered', subscribed: 'Subscribed' } as const;

/** The engines whose adapters can ask a model to search the web (OpenAI's web search tool, Gemini's grounding). */
const WEB_SEARCH_ENGINES: readonly string[] = ['openai', 'gemini'];

/**
 * Whether a model searches the web when asked to: on an engine that can, and flagged for it in the catalogue. The
 * server admits with this and the page greys out the toggle with it, so nobody pays for a search that never ran.
 */
export function supportsWebSearch(engine: string, model: { webSearchSupported: boolean }): boolean {
  return WEB_SEARCH_ENGINES.includes(engine) && model.webSearchSupported;
}

/** Cost bands by what one answer costs: Premium from 12 credits, Balanced from 6, Budget below 6. */
export const PREMIUM_MIN_CREDITS = 12;
export const BALANCED_MIN_CREDITS = 6;

export type CreditBand = 'Premium' | 'Balanced' | 'Budget';

export function creditBand(credits: number): CreditBand {
  if (credits >= PREMIUM_MIN_CREDITS) return 'Premium';
  return credits >= BALANCED_MIN_CREDITS ? 'Balanced' : 'Budget';
}

/**
 * Only budget models may be open to the free tier. Which budget models are is the catalogue's choice (its
 * `freeTier` flag: the newest and reasoning-grade ones stay locked even when cheap), and the catalogue is refused
 * at start when it marks a model free that costs more, so a repriced model cannot stay free by mistake.
 */
export function mayBeFreeTier(credits: number): boolean {
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
 * cap counts it). Guests get only free-tier models (always budget ones), and every tier a cap on what one model
 * may cost.
 */
export function modelRestriction(
  tier: Tier,
  model: { credits: number; freeTier: boolean },
  credits = model.credits,
): ModelRestriction | null {
  if (tier === 'free' && !(model.freeTier && mayBeFreeTier(model.credits))) return 'register';
  if (credits > PER_MODEL_CREDIT_CAP[tier]) return tier === 'free' ? 'register' : 'premium';
  return null;
}
