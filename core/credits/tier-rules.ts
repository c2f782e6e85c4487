import type { CatalogueModel } from '../catalogue/index.ts';
import type { Tier } from '../../contract/limits.ts';
import {
  BRAND_MONITORING_NEEDS_REGISTRATION,
  modelRestriction,
  REGISTER_FOR_WEB_SEARCH,
  REGISTER_TO_UNLOCK,
  tierFeatures,
  UPGRADE_FOR_ALL_MODELS,
} from '../../contract/tier-rules.ts';

export { BRAND_MONITORING_NEEDS_REGISTRATION, REGISTER_FOR_WEB_SEARCH, REGISTER_TO_UNLOCK, UPGRADE_FOR_ALL_MODELS };

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
  const features = tierFeatures(tier);
  if (request.comparison && !features.comparison) return REGISTER_TO_UNLOCK;
  if (request.searchEnabled && !features.webSearch) return REGISTER_FOR_WEB_SEARCH;
  if (request.brandMonitoringEnabled && !features.brandMonitoring) return BRAND_MONITORING_NEEDS_REGISTRATION;
  const restrictions = request.runs.map((run) => modelRestriction(tier, run.model, run.credits));
  if (restrictions.includes('register')) return REGISTER_TO_UNLOCK;
  if (restrictions.includes('premium')) return UPGRADE_FOR_ALL_MODELS;
  return undefined;
}
