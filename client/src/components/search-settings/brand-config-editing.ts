import { BRAND_LIMITS } from '../../../../contract/limits.ts';

/*
 * Editing a brand's keywords and competitors in the brand panel. Apart from `brand-config.ts` (what the first paint
 * needs to check and send a config) because only the panel, which loads when opened, uses these.
 */

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

export type CompetitorAddition = { competitors: string[]; error: null } | { competitors: string[]; error: string };

/**
 * Adds a competitor: trimmed, not empty, within the count and length limits, not already listed (ignoring case)
 * and not the brand itself, which would count its own mentions twice in the share of voice.
 */
export function addCompetitor(competitors: readonly string[], input: string, brandName: string): CompetitorAddition {
  const competitor = input.trim();
  const refuse = (error: string): CompetitorAddition => ({ competitors: [...competitors], error });
  if (competitor === '') return refuse('Enter a competitor first');
  if (competitors.length >= BRAND_LIMITS.competitors) return refuse(`At most ${BRAND_LIMITS.competitors} competitors`);
  if (competitor.length > BRAND_LIMITS.name) return refuse(`Competitors are at most ${BRAND_LIMITS.name} characters`);
  if (competitor.toLowerCase() === brandName.trim().toLowerCase()) return refuse('A competitor cannot be your own brand');
  if (competitors.some((existing) => existing.toLowerCase() === competitor.toLowerCase())) {
    return refuse('That competitor is already in the list');
  }
  return { competitors: [...competitors, competitor], error: null };
}

/** Whether the competitors' Add button can be pressed. */
export function canAddCompetitor(competitors: readonly string[], input: string): boolean {
  return input.trim() !== '' && competitors.length < BRAND_LIMITS.competitors;
}

/** Whether the Add button can be pressed (disabled when the input is empty or 5 exist). */
export function canAddKeyword(keywords: readonly string[], input: string): boolean {
  return input.trim() !== '' && keywords.length < BRAND_LIMITS.keywords;
}
