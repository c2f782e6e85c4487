import { roundTo } from './round-to.ts';

/**
 * Words that say the text speaks of a business, which makes a name more likely to be the brand: found anywhere
 * first, then checked to stand as whole words. (One pattern with the edges as lookarounds tries its lookbehind at
 * every character of the answer, which took longer than the rest of finding the brand.)
 */
const COMPANY_WORDS = /company|brand|firm|inc|corp|ltd|llc|startup|business|product|service/giu;
const NO_LETTER_BEFORE = /(?<![\p{L}\p{N}])/uy;
const NO_LETTER_AFTER = /(?![\p{L}\p{N}])/uy;

function usesCompanyWords(text: string): boolean {
  COMPANY_WORDS.lastIndex = 0;
  for (let found = COMPANY_WORDS.exec(text); found !== null; found = COMPANY_WORDS.exec(text)) {
    NO_LETTER_BEFORE.lastIndex = found.index;
    NO_LETTER_AFTER.lastIndex = found.index + found[0].length;
    // Searching on from its end skips nothing: a word starting inside this one has a letter before it.
    if (NO_LETTER_BEFORE.test(text) && NO_LETTER_AFTER.test(text)) return true;
  }
  return false;
}

/**
 * How sure we are the answer names the brand: 0 without a match; else 0.3 + 0.2 per match, at most 0.9, and 0.1
 * more when the answer uses company-like words; at most 1, with 2 decimals. One match 0.5, three or more 0.9.
 */
export function mentionConfidence(matchCount: number, text: string): number {
  if (matchCount === 0) return 0;
  const fromMatches = Math.min(0.9, 0.3 + 0.2 * matchCount);
  const fromWording = usesCompanyWords(text) ? 0.1 : 0;
  return roundTo(Math.min(1, fromMatches + fromWording), 2);
}
