import {
  modelRestriction,
  REGISTER_FOR_WEB_SEARCH,
  REGISTER_TO_UNLOCK,
  supportsWebSearch as modelSupportsWebSearch,
  tierAtLeast,
  tierFeatures,
  UPGRADE_FOR_ALL_MODELS,
} from '../../../contract/tier-rules.ts';
import type { Tier } from '../api/auth-api.ts';
import type { Catalogue, CatalogueModel } from '../api/catalogue-api.ts';
import type { Pricing } from '../api/credits-api.ts';
import { ownEntry } from './own-entry.ts';

/**
 * What each tier may use, in the page's words: the badges, prompts and toggle states. The rules themselves are the
 * server's (`contract/tier-rules.ts`); these only decide what the page offers, so nobody is invited to pay for a refusal.
 */

export { tierAtLeast };

export const LOCK_PROMPTS = {
  register: REGISTER_TO_UNLOCK,
  premium: UPGRADE_FOR_ALL_MODELS,
} as const;

export type ModelLock = 'Register' | 'Premium';

/** Null when the tier may use the model; else the badge the page shows on it. */
export function modelLock(tier: Tier, model: Pick<CatalogueModel, 'credits' | 'freeTier'>): ModelLock | null {
  const restriction = modelRestriction(tier, model);
  if (restriction === null) return null;
  return restriction === 'register' ? 'Register' : 'Premium';
}

export function lockPrompt(lock: ModelLock): string {
  return lock === 'Register' ? LOCK_PROMPTS.register : LOCK_PROMPTS.premium;
}

/** A model picked in the page: which engine it belongs to, and its catalogue entry. */
export interface ModelChoice {
  engine: string;
  model: CatalogueModel;
}

/** The server's rule (the catalogue's flag), for a model picked in the page. */
export function supportsWebSearch(choice: ModelChoice): boolean {
  return modelSupportsWebSearch(choice.engine, choice.model);
}

export type WebSearchBadge = 'Register' | 'No Models' | 'Not Supported' | 'Active';

export interface WebSearchAvailability {
  enabled: boolean;
  badge: WebSearchBadge | null;
  reason: string | null;
}

/** The Web Search toggle's state, badge and reason. */
export function webSearchAvailability(tier: Tier, choices: readonly ModelChoice[], on: boolean, single: boolean): WebSearchAvailability {
  if (!tierFeatures(tier).webSearch) return { enabled: false, badge: 'Register', reason: REGISTER_FOR_WEB_SEARCH };
  if (choices.length === 0) return { enabled: false, badge: 'No Models', reason: 'Select models to enable web search' };
  if (!choices.every(supportsWebSearch)) {
    return {
      enabled: false,
      badge: 'Not Supported',
      reason: single ? "This model doesn't support web search" : "Selected models don't support web search",
    };
  }
  return { enabled: true, badge: on ? 'Active' : null, reason: null };
}

export function brandMonitoringAllowed(tier: Tier): boolean {
  return tierFeatures(tier).brandMonitoring;
}

/**
 * What a request will cost: each model's price plus, with web search on, the web search price per model.
 * A model missing from the price list counts as zero and is logged.
 */
export function requestCost(pricing: Pricing, choices: readonly { engine: string; modelId: string }[], searchEnabled: boolean): number {
  let total = 0;
  for (const { engine, modelId } of choices) {
    const price = ownEntry(ownEntry(pricing.models, engine), modelId);
    if (price === undefined) console.warn(`No price for ${engine}/${modelId}; counting it as 0 credits`);
    total += (price ?? 0) + (searchEnabled ? pricing.features.webSearch : 0);
  }
  return total;
}

/** Spec section 5: with no price list nothing is affordable; an empty selection costs 0 and is. */
export function isAffordable(creditsRemaining: number | null, pricing: Pricing | null, cost: number): boolean {
  if (!pricing || creditsRemaining === null) return false;
  return creditsRemaining >= cost;
}

/** Every model of the catalogue as engine + model, in catalogue order, only from engines this server can run. */
export function allChoices(catalogue: Catalogue): ModelChoice[] {
  return Object.entries(catalogue.models)
    .filter(([, engine]) => engine.available)
    .flatMap(([engine, entry]) => entry.models.map((model) => ({ engine, model })));
}

/** Spec section 9's credits text: singular for 1. */
export function creditsText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'credit' : 'credits'}`;
}
