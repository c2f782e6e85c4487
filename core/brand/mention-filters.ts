import { readFileSync } from 'node:fs';
import { dataFilePath } from '../config/index.ts';
import type { TermMatch } from './brand-matches.ts';

/**
 * Which matches of a brand's name are really the brand. Two kinds are not:
 * - a brand that is an everyday word ("Notion", "Apple", "Zoom") written as that word: lower case in a text that
 *   otherwise capitalises its sentences, with none of the brand's keywords or its domain nearby;
 * - words the answer repeats from the question ("Is Acme good?" → "You asked whether Acme is good"): the
 *   question named the brand, not the answer.
 */

/** Everyday English words (the commonest 25,000 of a large news and encyclopaedia corpus, letters only). */
const COMMON_WORDS: ReadonlySet<string> = new Set(readFileSync(dataFilePath('core/brand/common-words.txt'), 'utf8').split('\n'));

/** How close a keyword or the domain must be to vouch for a lower-case everyday word, in characters. */
const VOUCHING_DISTANCE = 150;

/** The text writes its sentences with capitals, so a lower-case name means something. */
const CAPITALISED_SENTENCE = /(?:^|[.!?]\s+|\n\s*)[\p{Lu}]/u;

export const isCommonWord = (lowerCased: string) => COMMON_WORDS.has(lowerCased);

export function isEverydayWord(name: string): boolean {
  const trimmed = name.trim();
  return /^\p{L}+$/u.test(trimmed) && /\p{Lu}/u.test(trimmed) && COMMON_WORDS.has(trimmed.toLowerCase());
}

/**
 * The matches of `name` that stand for the brand: all of them, unless the name is an everyday word; then those
 * written with a capital, and lower-case ones with `vouchers` (matches of the keywords or the domain) nearby.
 */
export function brandUses(text: string, name: string, matches: readonly TermMatch[], vouchers: readonly TermMatch[]): TermMatch[] {
  if (!isEverydayWord(name) || !CAPITALISED_SENTENCE.test(text)) return [...matches];
  return matches.filter((match) => {
    if (/^\p{Lu}/u.test(text.slice(match.start, match.end))) return true;
    return vouchers.some((voucher) => Math.abs(voucher.start - match.start) <= VOUCHING_DISTANCE && voucher.start !== match.start);
  });
}

const WORD = /[\p{L}\p{N}]+/gu;
/**
 * Signs that an answer may quote the question: quotation marks, a blockquote line, or words about asking. Three
 * patterns rather than one alternation: `^` in multiline mode made the one pattern fail several times slower on a
 * long answer that quotes nothing, the common case.
 */
const QUOTATION_MARK = /["“„«]/u;
const BLOCKQUOTE_LINE = /^\s*>/mu;
const ASKING_WORD = /asked|question|asking/iu;
const mightQuote = (text: string) => QUOTATION_MARK.test(text) || (text.includes('>') && BLOCKQUOTE_LINE.test(text)) || ASKING_WORD.test(text);
/** How many words in a row the answer must share with the question to be quoting it. */
const QUOTE_WORDS = 5;

/**
 * The stretches of `text` that quote the question: runs of at least `QUOTE_WORDS` words that appear in the
 * question in the same order, case aside, and that the
 * answer presents as a quote — inside quotation marks, on a blockquote line, or just after "you asked" or "your
 * question". A run the answer simply says in its own voice stays its own ("Acme is a good choice for small teams"
 * can be both the question's words and the answer's verdict).
 */
export function quotedQuestion(text: string, question: string | undefined): TermMatch[] {
  // Only quoted words count, so an answer with no quotation marks, blockquote or "you asked" has nothing to skip.
  if (!mightQuote(text)) return [];
  const asked = [...(question ?? '').matchAll(WORD)].map((match) => match[0].toLowerCase());
  // A question shorter than a quote is too short to tell a quote from the answer simply naming the same things.
  const length = QUOTE_WORDS;
  if (asked.length < length) return [];
  const phrases = new Set<string>();
  for (let index = 0; index + length <= asked.length; index += 1) phrases.add(asked.slice(index, index + length).join(' '));
  const firstWords = new Set(asked);
  const words = [...text.matchAll(WORD)];
  const spans: TermMatch[] = [];
  for (let index = 0; index + length <= words.length; index += 1) {
    // Most words of an answer are not in the question at all: skip them before building a phrase.
    if (!firstWords.has(words[index]![0].toLowerCase())) continue;
    const phrase = words.slice(index, index + length).map((word) => word[0].toLowerCase()).join(' ');
    if (!phrases.has(phrase)) continue;
    const start = words[index]!.index;
    const last = words[index + length - 1]!;
    const end = last.index + last[0].length;
    if (!presentedAsQuote(text, start, end)) continue;
    const previous = spans.at(-1);
    if (previous && start <= previous.end) previous.end = Math.max(previous.end, end);
    else spans.push({ start, end });
  }
  return spans;
}

// Double quotes and guillemets only: a single quote is too often an apostrophe ("Acme's") to tell a quote.
const OPENING_QUOTES = '"“„«';
const CLOSING_QUOTES = '"”»';
const QUOTE_LEAD = /(?:you asked|you're asking|you are asking|your question|the question|asked whether|asked if|asked about)[\s:,"“]*$/iu;

/** Whether the words at [start, end) sit inside quotation marks, on a blockquote line, or after "you asked". */
function presentedAsQuote(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (/^\s*>/.test(text.slice(lineStart, start))) return true;
  const before = text.slice(Math.max(lineStart, start - 60), start);
  if (QUOTE_LEAD.test(before)) return true;
  const opened = [...before].reverse().find((character) => OPENING_QUOTES.includes(character) || CLOSING_QUOTES.includes(character));
  if (opened === undefined || !OPENING_QUOTES.includes(opened)) return false;
  const lineEnd = text.indexOf('\n', end);
  const after = text.slice(end, lineEnd < 0 ? undefined : lineEnd);
  return [...after].some((character) => CLOSING_QUOTES.includes(character));
}

export const outside = (spans: readonly TermMatch[]) => (match: TermMatch) => !spans.some((span) => match.start < span.end && match.end > span.start);

/** The text with the spans blanked out (same length, so every offset still holds). */
export function blankSpans(text: string, spans: readonly TermMatch[]): string {
  let blanked = text;
  for (const span of spans) blanked = blanked.slice(0, span.start) + ' '.repeat(span.end - span.start) + blanked.slice(span.end);
  return blanked;
}
