import { BRAND_LIMITS } from '../../../../contract/limits.ts';
import type { BrandConfig } from './search-settings-value.ts';

export const BRAND_NAME_REQUIRED = 'Brand name is required';

/** The reason monitoring cannot be sent yet, or null. */
export function brandConfigProblem(config: BrandConfig | null): string | null {
  if (!config || config.brandName.trim() === '') return BRAND_NAME_REQUIRED;
  return null;
}

/**
 * The brand config as sent: trimmed, the website left out when empty, competitors only when there are some. A
 * competitor that has since become the brand's own name is dropped rather than refused by the server.
 */
export function brandConfigForRequest(config: BrandConfig): BrandConfig {
  const brandName = config.brandName.trim();
  const websiteUrl = config.websiteUrl?.trim();
  const competitors = (config.competitors ?? [])
    .map((competitor) => competitor.trim())
    .filter((competitor) => competitor !== '' && competitor.toLowerCase() !== brandName.toLowerCase())
    .slice(0, BRAND_LIMITS.competitors);
  return {
    brandName,
    ...(websiteUrl ? { websiteUrl } : {}),
    keywords: config.keywords,
    ...(competitors.length > 0 ? { competitors } : {}),
    ...(config.facts && config.facts.length > 0 ? { facts: config.facts } : {}),
  };
}
