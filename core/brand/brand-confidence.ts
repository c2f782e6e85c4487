import { roundTo } from './round-to.ts';

/** Words that say the text speaks of a business, which makes a name more likely to be the brand. */
const COMPANY_WORDS = /(?<![\p{L}\p{N}])(?:company|brand|firm|inc|corp|ltd|llc|startup|business|product|service)(?![\p{L}\p{N}])/iu;

/**
 * How sure we are the answer names the brand: 0 without a match; else 0.3 + 0.2 per match, at most 0.9, and 0.1
 * more when the answer uses company-like words; at most 1, with 2 decimals. One match 0.5, three or more 0.9.
 */
export function mentionConfidence(matchCount: number, text: string): number {
  if (matchCount === 0) return 0;
  const fromMatches = Math.min(0.9, 0.3 + 0.2 * matchCount);
  const fromWording = COMPANY_WORDS.test(text) ? 0.1 : 0;
  return roundTo(Math.min(1, fromMatches + fromWording), 2);
}
