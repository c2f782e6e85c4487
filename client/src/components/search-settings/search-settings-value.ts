import type { BrandFact } from '../../../../contract/brand-facts.ts';

/** Spec section 3's brand config. */
export interface BrandConfig {
  brandName: string;
  websiteUrl?: string;
  keywords: string[];
  /** Other brands to compare with; absent from configs remembered before competitors existed. */
  competitors?: string[];
  /** Claims the brand stands behind, each answer checked against them when a judge model is configured. */
  facts?: BrandFact[];
}

/** What the Search Settings panel decides, as sent in a search or compare request. */
export interface SearchSettingsValue {
  searchEnabled: boolean;
  brandMonitoringEnabled: boolean;
  /** Null until the user has entered a brand (monitoring cannot be sent without one). */
  brandConfig: BrandConfig | null;
}

export const DEFAULT_SEARCH_SETTINGS: SearchSettingsValue = { searchEnabled: false, brandMonitoringEnabled: false, brandConfig: null };
