import { GERMAN, FRENCH, SPANISH } from './answer-translations.ts';
import { ENGLISH, type AnswerVocabulary } from './answer-vocabulary.ts';
import { PIRATE } from './pirate-voice.ts';

/**
 * What a system prompt asks of the simulated answer, read the way a person would write it: a language ("Answer in
 * French"), a voice ("You are a pirate"), a length ("Be brief", "Explain in detail") and a layout ("Use bullet
 * points", "One paragraph, no lists"). Instructions it does not recognise still change the answer, because they
 * seed its wording: a model given different instructions answers differently.
 */

export type AnswerLanguage = 'en' | 'fr' | 'es' | 'de';
export type AnswerLength = 'usual' | 'brief' | 'detailed';
export type AnswerLayout = 'usual' | 'list' | 'prose';

export interface AnswerStyle {
  /** The system prompt, trimmed; '' when there is none. */
  instructions: string;
  language: AnswerLanguage;
  pirate: boolean;
  length: AnswerLength;
  layout: AnswerLayout;
}

export const PLAIN_STYLE: AnswerStyle = { instructions: '', language: 'en', pirate: false, length: 'usual', layout: 'usual' };

const LANGUAGES: readonly [AnswerLanguage, RegExp][] = [
  ['fr', /\b(french|fran[cç]ais)\b/i],
  ['es', /\b(spanish|espa[nñ]ol|castellano)\b/i],
  ['de', /\b(german|deutsch)\b/i],
];
const PIRATE_VOICE = /\b(pirates?|matey|arr+)\b/i;
const BRIEF = /\b(brief(ly)?|concise(ly)?|short|succinct(ly)?|terse|one (sentence|line)|few words|tl;?dr)\b/i;
const DETAILED = /\b(detailed|in detail|thorough(ly)?|in[ -]depth|comprehensive(ly)?|elaborate|at length|exhaustive(ly)?|long (answer|explanation)s?)\b/i;
const PROSE = /\b(one paragraph|single paragraph|a paragraph|prose|no (bullet|list)s?|without (bullet|list)s?)\b/i;
const LIST = /\b(bullets?|bulleted|bullet points|lists?|points)\b/i;

/** Of the patterns that match, the one the instructions name first. */
function firstNamed<T>(text: string, candidates: readonly [T, RegExp][]): T | undefined {
  let earliest: { value: T; index: number } | undefined;
  for (const [value, pattern] of candidates) {
    const index = text.search(pattern);
    if (index !== -1 && (earliest === undefined || index < earliest.index)) earliest = { value, index };
  }
  return earliest?.value;
}

export function readAnswerStyle(systemPrompt: string | undefined): AnswerStyle {
  const instructions = systemPrompt?.trim() ?? '';
  if (instructions === '') return PLAIN_STYLE;
  return {
    instructions,
    language: firstNamed(instructions, LANGUAGES) ?? 'en',
    pirate: PIRATE_VOICE.test(instructions),
    length: firstNamed<AnswerLength>(instructions, [['brief', BRIEF], ['detailed', DETAILED]]) ?? 'usual',
    // "No lists" names a list too: prose is looked for first.
    layout: PROSE.test(instructions) ? 'prose' : LIST.test(instructions) ? 'list' : 'usual',
  };
}

/** The sentences to answer with: the language asked for, or English, in a pirate's voice if asked (English only). */
export function vocabularyOf(style: AnswerStyle): AnswerVocabulary {
  if (style.language === 'fr') return FRENCH;
  if (style.language === 'es') return SPANISH;
  if (style.language === 'de') return GERMAN;
  return style.pirate ? PIRATE : ENGLISH;
}

/** A brief answer stops at this many words (a single sentence); a detailed one is this much longer than usual. */
const BRIEF_PIECES = 15;
const DETAILED_FACTOR = 2.5;
const MAXIMUM_PIECES = 5_000;

/** How many pieces an unscripted answer has in this style (`chunks=` in the prompt always wins). */
export function styledPieceCount(style: AnswerStyle, usualCount: number): number {
  if (style.length === 'brief') return Math.min(usualCount, BRIEF_PIECES);
  if (style.length === 'detailed') return Math.min(MAXIMUM_PIECES, Math.round(usualCount * DETAILED_FACTOR));
  return usualCount;
}
