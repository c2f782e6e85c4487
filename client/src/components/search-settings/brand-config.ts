import { BRAND_LIMITS } from '../../../../contract/limits.ts';
import type { BrandConfig } from './search-settings-value.ts';

export const BRAND_NAME_REQUIRED = 'Brand name is required';

export type KeywordAddition = { keywords: string[]; error: null } | { keywords: string[]; error: string };

/** Adds a keyword: trimmed, not empty, no duplicates (ignoring case), within the keyword count and length limits. */
export function addKeyword(keywords: readonly string[], input: string): KeywordAddition {
  const keyword = input.trim();
  if (keyword === '') return { keywords: [...keywords], error: 'Enter a keyword first' };
  if (keywords.length >= BRAND_LIMITS.keywords) return { keywords: [...keywords], error: `At most ${BRAND_LIMITS.keywords} keywords` };
  if (keyword.length > BRAND_LIMITS.keyword) return { keywords: [...keywords], error: `Keywords are at most ${BRAND_LIMITS.keyword} characters` };
  if (keywords.some((existing) => existing.toLowerCase() === keyword.toLowerCase())) {
    return { keywords: [...keywords], error: 'That keyword is already in the list' };
  }
  return { keywords: [...keywords, keyword], error: null };
}

/** Whether the Add button can be pressed (disabled when the input is empty or 5 exist). */
export function canAddKeyword(keywords: readonly string[], input: string): boolean {
  return input.trim() !== '' && keywords.length < BRAND_LIMITS.keywords;
}

/** The reason monitoring cannot be sent yet, or null. */
export function brandConfigProblem(config: BrandConfig | null): string | null {
  if (!config || config.brandName.trim() === '') return BRAND_NAME_REQUIRED;
  return null;
}

/** The brand config as sent: trimmed, the website left out when empty. */
export function brandConfigForRequest(config: BrandConfig): BrandConfig {
  const websiteUrl = config.websiteUrl?.trim();
  return { brandName: config.brandName.trim(), ...(websiteUrl ? { websiteUrl } : {}), keywords: config.keywords };
}
