import type { BrandTrend } from '../../contract/brand.ts';

/** How many days the dashboard's daily series covers, today included. */
export const DAILY_SERIES_DAYS = 30;
/** How many cited domains a brand's analytics list. */
export const TOP_CITED_DOMAINS = 10;

/**
 * Which way a brand's mentions lean: up when more are positive than negative, down for the reverse, flat when
 * they balance, neutral when the brand was never mentioned.
 */
export function brandTrend(counts: { totalMentions: number; positiveMentions: number; negativeMentions: number }): BrandTrend {
  if (counts.totalMentions === 0) return 'neutral';
  if (counts.positiveMentions > counts.negativeMentions) return 'up';
  if (counts.negativeMentions > counts.positiveMentions) return 'down';
  return 'flat';
}
