import type { BrandAnalytics, MentionRecord, RecentBrand } from '../../../../contract/brand.ts';

/** The brand select's value for "no brand filter". */
export const ALL_BRANDS = 'all';

export interface MentionFilter {
  brand: string;
  search: string;
}

/** Mentions of the chosen brand whose context, question or keywords contain the search (ignoring case). */
export function filterMentions(mentions: readonly MentionRecord[], filter: MentionFilter): MentionRecord[] {
  const needle = filter.search.trim().toLowerCase();
  return mentions.filter((mention) => {
    if (filter.brand !== ALL_BRANDS && mention.brandName !== filter.brand) return false;
    if (needle === '') return true;
    const haystacks = [mention.context ?? '', mention.request.query, ...mention.keywordsFound];
    return haystacks.some((text) => text.toLowerCase().includes(needle));
  });
}

/** The first few keywords to show on a card, and "+N more" for the rest (null when none are left over). */
export function visibleKeywords(keywords: readonly string[], shown = 3): { shown: string[]; more: string | null } {
  const rest = keywords.length - shown;
  return { shown: keywords.slice(0, shown), more: rest > 0 ? `+${rest} more` : null };
}

/** The brands the filter offers: every brand analysed, recently used or mentioned, each once, in name order. */
export function brandChoices(
  recentBrands: readonly RecentBrand[],
  analytics: readonly BrandAnalytics[],
  mentions: readonly MentionRecord[] = [],
): string[] {
  const names = [...recentBrands.map((brand) => brand.brandName), ...analytics.map((brand) => brand.brandName), ...mentions.map((mention) => mention.brandName)];
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

const mentionsText = (count: number): string => `${count} ${count === 1 ? 'mention' : 'mentions'}`;

/** How many cards the list shows: "12 mentions", or "3 of 12 mentions" while a filter narrows it. */
export const shownText = (shown: number, total: number): string => (shown === total ? mentionsText(total) : `${shown} of ${mentionsText(total)}`);
