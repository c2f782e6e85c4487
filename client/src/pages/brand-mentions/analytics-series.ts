import type { BrandAnalytics, BrandTrend } from '../../../../contract/brand.ts';

/** A percentage with one decimal ("42.9%"), the way the dashboard states every rate. */
export const rateText = (rate: number): string => `${rate.toFixed(1)}%`;

/** Mentions over answers as a percentage with one decimal; 0 when nothing was analysed. */
export function mentionRate(mentions: number, answers: number): number {
  if (answers <= 0) return 0;
  return Math.round((mentions / answers) * 1000) / 10;
}

/**
 * The mention rate of each day, for the line over time. A day without analysed answers has no rate (a gap in the
 * line), not a rate of 0%: nothing was measured, so nothing fell.
 */
export function dailyRates(daily: BrandAnalytics['series']['daily']): { date: string; rate: number | null }[] {
  return daily.map((day) => ({ date: day.date, rate: day.answers > 0 ? mentionRate(day.mentions, day.answers) : null }));
}

/** The mention rate of each model, highest first, for the bar chart. */
export function modelRates(
  byModel: BrandAnalytics['series']['byModel'],
  nameOf: (pair: { engine: string; model: string }) => string = (pair) => pair.model,
): { model: string; rate: number; answers: number }[] {
  return byModel
    .map((entry) => ({ model: nameOf(entry), rate: mentionRate(entry.mentions, entry.answers), answers: entry.answers }))
    .sort((a, b) => b.rate - a.rate || a.model.localeCompare(b.model));
}

/** Sentiment as donut slices, leaving out the empty ones so the donut never draws a zero-width wedge. */
export function sentimentSlices(brand: BrandAnalytics): { name: string; value: number; color: string }[] {
  return [
    { name: 'Positive', value: brand.positiveMentions, color: 'green.6' },
    { name: 'Neutral', value: brand.neutralMentions, color: 'gray.6' },
    { name: 'Negative', value: brand.negativeMentions, color: 'red.6' },
  ].filter((slice) => slice.value > 0);
}

/** Each brand's share of all brands' mentions, as percentages with one decimal, most first. */
export function shareOfVoice(series: BrandAnalytics['series']['shareOfVoice']): { name: string; share: number; mentions: number }[] {
  const total = series.reduce((sum, entry) => sum + entry.mentions, 0);
  return series
    .map((entry) => ({ name: entry.name, mentions: entry.mentions, share: total === 0 ? 0 : Math.round((entry.mentions / total) * 1000) / 10 }))
    .sort((a, b) => b.mentions - a.mentions);
}

const TRENDS: Record<BrandTrend, { label: string; colour: string }> = {
  up: { label: 'Trending up', colour: 'green' },
  down: { label: 'Trending down', colour: 'red' },
  flat: { label: 'Flat', colour: 'blue' },
  neutral: { label: 'No mentions yet', colour: 'gray' },
};

export const trendDisplay = (trend: BrandTrend): { label: string; colour: string } => TRENDS[trend];

/**
 * The badge for which way the answers lean: only where the 95% interval of the positive share of polar mentions
 * lies wholly on one side of a half does it say so; a handful of mentions on one day says "Too early to tell".
 */
export function leanDisplay(lean: BrandAnalytics['lean']): { label: string; colour: string; detail: string } {
  if (lean.polar === 0 || lean.low === null || lean.high === null) return { label: 'No lean yet', colour: 'gray', detail: 'No answer has spoken of the brand positively or negatively yet.' };
  const detail = `${lean.positive} of ${lean.polar} positive or negative mentions are positive (95% interval ${wholePercent(lean.low)}–${wholePercent(lean.high)}).`;
  if (lean.low > 0.5) return { label: 'Leans positive', colour: 'green', detail };
  if (lean.high < 0.5) return { label: 'Leans negative', colour: 'red', detail };
  return { label: lean.polar < 10 ? 'Too early to tell' : 'Mixed', colour: 'blue', detail };
}

const wholePercent = (share: number): string => `${Math.round(share * 100)}%`;

/** "83% of 120 judged answers (95% interval 75–89%)", or why there is no figure yet. */
export function agreementText(agreement: BrandAnalytics['judgeAgreement']): string {
  if (agreement.rate === null || agreement.low === null || agreement.high === null) return 'No answer judged yet';
  const answers = agreement.judged === 1 ? 'judged answer' : 'judged answers';
  return `${wholePercent(agreement.rate)} of ${agreement.judged} ${answers} (95% interval ${wholePercent(agreement.low)}–${wholePercent(agreement.high)})`;
}

/** "3 of 40 mentions (8%)", or none. */
export function correctionText(corrections: BrandAnalytics['corrections'], mentions: number): string {
  if (corrections.rate === null || corrections.corrected === 0) return mentions === 0 ? 'No mention yet' : `0 of ${mentions} ${mentions === 1 ? 'mention' : 'mentions'}`;
  return `${corrections.corrected} of ${mentions} ${mentions === 1 ? 'mention' : 'mentions'} (${wholePercent(corrections.rate)})`;
}
