import type { BrandAnalytics, MentionRecord, RecentBrand, Surface } from '../../../../contract/brand.ts';
import type { MentionsFilters } from '../../api/brand-api.ts';

/** The select's value for "any" (a brand, model, sentiment or surface filter that is off). */
export const ANY = '';

/** How each surface reads in the filter and on a card. */
export const SURFACE_LABELS: Record<Surface, string> = { model: 'Model alone', 'web-search': 'With web search', 'ai-overview': 'AI Overview' };

/** How far back the list can look, in days. */
export const WINDOW_CHOICES = [7, 30, 90, 365] as const;

/** Whether any filter narrows the list beyond the default window. */
export const isFiltered = (filters: MentionsFilters): boolean =>
  filters.brandName !== '' || filters.model !== '' || filters.sentiment !== null || filters.surface !== null || filters.search.trim() !== '';

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

/** The engine and model pairs the model filter offers: every model that answered for a brand, each once. */
export function modelChoices(analytics: readonly BrandAnalytics[]): { engine: string; model: string }[] {
  const pairs = new Map<string, { engine: string; model: string }>();
  for (const brand of analytics) for (const { engine, model } of brand.series.byModel) pairs.set(model, { engine, model });
  return [...pairs.values()].sort((a, b) => a.model.localeCompare(b.model));
}

const mentionsText = (count: number): string => `${count} ${count === 1 ? 'mention' : 'mentions'}`;

/**
 * What the list holds, counted by the server over every page: "12 mentions in the last 30 days", or with several
 * pages "21–40 of 57 mentions in the last 30 days". The window is the one the numbers were counted over.
 */
export function shownText(total: number, page: number, pageSize: number, days: number): string {
  const window = `in the last ${days === 1 ? 'day' : `${days} days`}`;
  if (total <= pageSize) return `${mentionsText(total)} ${window}`;
  const first = (page - 1) * pageSize + 1;
  return `${first}–${Math.min(total, page * pageSize)} of ${mentionsText(total)} ${window}`;
}
