import type { CatalogueModel } from '../catalogue/model-catalogue.ts';
import { PER_MODEL_CREDIT_CAP, type Tier } from '../../contract/limits.ts';

/** The product's own prompts . */
export const REGISTER_TO_UNLOCK = 'Register for free to unlock this feature.';
export const UPGRADE_FOR_ALL_MODELS = 'Upgrade to premium to access all models.';
export const REGISTER_FOR_WEB_SEARCH = 'Register for web search';
export const BRAND_MONITORING_NEEDS_REGISTRATION = 'Brand monitoring requires registration';

export interface RequestedRun {
  model: CatalogueModel;
  credits: number;
}

export interface RequestShape {
  runs: RequestedRun[];
  comparison: boolean;
  searchEnabled: boolean;
  brandMonitoringEnabled: boolean;
}

/** Why a tier may not make this request, in the product's words; undefined when it may. */
export function tierRefusal(tier: Tier, request: RequestShape): string | undefined {
  if (tier === 'free') {
    if (request.comparison) return REGISTER_TO_UNLOCK;
    if (request.searchEnabled) return REGISTER_FOR_WEB_SEARCH;
    if (request.brandMonitoringEnabled) return BRAND_MONITORING_NEEDS_REGISTRATION;
    if (request.runs.some((run) => !run.model.freeTier)) return REGISTER_TO_UNLOCK;
  }
  const cap = PER_MODEL_CREDIT_CAP[tier];
  if (request.runs.some((run) => run.credits > cap)) return tier === 'free' ? REGISTER_TO_UNLOCK : UPGRADE_FOR_ALL_MODELS;
  return undefined;
}
