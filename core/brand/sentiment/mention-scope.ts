import { CLAUSE_END, SENTENCE_END, type Token } from './tokens.ts';
import { COMPARED_AGAINST, CONTRAST_MARKERS, FUNCTION_WORDS } from './cue-words.ts';

/**
 * Where one mention's sentiment is to be read: the sentence it stands in, and the clause within it. A clause ends
 * at , ; : ( ) and dashes, and a new one starts at a contrast word ("but", "however", "unlike"); a table row is
 * one sentence, its cells one clause, so "| Acme | ✅ | ❌ |" is read as a whole. Also whether the mention is the
 * thing compared against ("better than Acme", "Unlike Acme, …"): then the clause's sentiment is about the other
 * brand, and for this one it turns around.
 */
export interface MentionScope {
  sentenceStart: number;
  sentenceEnd: number;
  clauseStart: number;
  clauseEnd: number;
  /** The clause the sentiment is read from, when not the mention's own ("Unlike Acme, Zeta is reliable"). */
  readStart: number;
  readEnd: number;
  /** The mention is the one compared against: the sentiment read applies to it reversed. */
  comparedAgainst: boolean;
}

const isSentenceEnd = (token: Token | undefined) => token === undefined || SENTENCE_END.has(token.norm);
const isClauseEnd = (token: Token) => CLAUSE_END.has(token.norm);

export function mentionScope(tokens: readonly Token[], from: number, to: number, isBrand: Uint8Array): MentionScope {
  let sentenceStart = from;
  while (sentenceStart > 0 && !isSentenceEnd(tokens[sentenceStart - 1])) sentenceStart -= 1;
  let sentenceEnd = to;
  while (sentenceEnd < tokens.length && !isSentenceEnd(tokens[sentenceEnd])) sentenceEnd += 1;

  let clauseStart = from;
  while (clauseStart > sentenceStart && !isClauseEnd(tokens[clauseStart - 1]!) && !CONTRAST_MARKERS.has(tokens[clauseStart]!.norm)) clauseStart -= 1;
  let clauseEnd = to;
  while (clauseEnd < sentenceEnd && !isClauseEnd(tokens[clauseEnd]!) && !CONTRAST_MARKERS.has(tokens[clauseEnd]!.norm)) clauseEnd += 1;

  const scope: MentionScope = { sentenceStart, sentenceEnd, clauseStart, clauseEnd, readStart: clauseStart, readEnd: clauseEnd, comparedAgainst: false };

  // "Unlike Acme, Zeta is reliable": the mention's clause says nothing; the next one, about another brand, does.
  const opener = tokens[clauseStart]!.norm;
  const clauseIsOnlyTheComparison = clauseEnd - clauseStart <= to - from + 3;
  if ((opener === 'unlike' || opener === 'compared' || opener === 'versus') && clauseIsOnlyTheComparison && clauseEnd < sentenceEnd) {
    let nextEnd = clauseEnd + 1;
    while (nextEnd < sentenceEnd && !isClauseEnd(tokens[nextEnd]!) && !CONTRAST_MARKERS.has(tokens[nextEnd]!.norm)) nextEnd += 1;
    if (namesAnotherBrand(tokens, clauseEnd, nextEnd, isBrand)) return { ...scope, readStart: clauseEnd, readEnd: nextEnd, comparedAgainst: true };
  }

  // "Zeta is faster than Acme", "Zeta beats Acme": a comparison word between another name and this one.
  for (let index = from - 1; index >= clauseStart && index >= from - 6; index -= 1) {
    if (!COMPARED_AGAINST.has(tokens[index]!.norm)) continue;
    if (namesAnotherBrand(tokens, clauseStart, index, isBrand)) return { ...scope, comparedAgainst: true };
    break;
  }
  return scope;
}

/**
 * Whether tokens [from, to) name a brand other than this mention: one the caller marked, or, in text that has
 * capital letters at all, a capitalised word that is not an everyday word at the start of a sentence.
 */
function namesAnotherBrand(tokens: readonly Token[], from: number, to: number, isBrand: Uint8Array): boolean {
  for (let index = from; index < to; index += 1) {
    if (isBrand[index] === 2) return true;
    const token = tokens[index]!;
    if (token.capitalised && !FUNCTION_WORDS.has(token.norm) && /\p{L}/u.test(token.norm)) return true;
  }
  return false;
}
