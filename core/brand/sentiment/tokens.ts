import { tokenSpans } from './token-spans.ts';

/**
 * The words of an answer as the sentiment analyser reads them: lower-cased, apostrophes made plain, contractions
 * opened ("isn't" → "is", "not"), emoji kept as tokens of their own, and every token remembering where it stands
 * in the text so a verdict can quote its evidence. Punctuation that ends a clause or a sentence is kept too:
 * negation and the target's clause stop there.
 */

export interface Token {
  /** Lower-cased, normalised form. */
  norm: string;
  /** `text.slice(start, end)` is the token as written. */
  start: number;
  end: number;
  /** Written with a capital first letter (a hint that a word names something). */
  capitalised: boolean;
}

/** Contractions that hide a "not". */
const NEGATED_CONTRACTION = /^(.+?)n['’]t$/u;
const IRREGULAR_NEGATIONS: Readonly<Record<string, string>> = { "can't": 'can', "won't": 'will', "shan't": 'shall', "ain't": 'is' };

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const spans = tokenSpans(text);
  for (let span = 0; span < spans.length; span += 2) {
    const start = spans[span]!;
    const end = spans[span + 1]!;
    const written = text.slice(start, end);
    const capitalised = startsWithCapital(written);
    let lower = written.toLowerCase();
    if (lower.includes('’')) lower = lower.replaceAll('’', "'");
    if (!lower.includes("'")) {
      tokens.push({ norm: lower, start, end, capitalised });
      continue;
    }
    // Only words with an apostrophe can hide a "not" or carry a possessive.
    if (lower === "n't") {
      tokens.push({ norm: 'not', start, end, capitalised });
      continue;
    }
    const irregular = IRREGULAR_NEGATIONS[lower];
    const contracted = irregular === undefined ? NEGATED_CONTRACTION.exec(lower)?.[1] : irregular;
    if (contracted !== undefined) {
      tokens.push({ norm: contracted, start, end, capitalised }, { norm: 'not', start, end, capitalised });
      continue;
    }
    tokens.push({ norm: lower.endsWith("'s") && lower.length > 2 ? lower.slice(0, -2) : lower, start, end, capitalised });
  }
  return tokens;
}

/** Marks that end a sentence: a verdict never reads past them. */
export const SENTENCE_END = new Set(['.', '!', '?', '\n']);
/** Marks that end a clause within a sentence. */
export const CLAUSE_END = new Set([',', ';', ':', '(', ')', '\u2013', '\u2014', '--', '-']);

/** Whether the first character changes when lower-cased: ASCII by its code, anything else by lower-casing it. */
function startsWithCapital(written: string): boolean {
  const code = written.charCodeAt(0);
  if (code < 128) return code >= 65 && code <= 90;
  const first = written[0]!;
  return first !== first.toLowerCase();
}
