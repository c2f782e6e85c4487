import type { BrandAnalytics, BrandTrend } from '../../contract/brand.ts';
import { wilsonInterval } from '../statistics/index.ts';

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

/** How often the local analyser agreed with the judge, with a 95% Wilson interval; no rate before a judged answer. */
export function judgeAgreement(agreed: number, judged: number): BrandAnalytics['judgeAgreement'] {
  if (judged === 0) return { judged, agreed, rate: null, low: null, high: null };
  const { low, high } = wilsonInterval(agreed, judged);
  return { judged, agreed, rate: agreed / judged, low, high };
}

/** The positive share of the polar mentions, with its 95% Wilson interval; no bounds without a polar mention. */
export function brandLean(positive: number, negative: number): BrandAnalytics['lean'] {
  const polar = positive + negative;
  if (polar === 0) return { positive, polar, low: null, high: null };
  const { low, high } = wilsonInterval(positive, polar);
  return { positive, polar, low, high };
}
