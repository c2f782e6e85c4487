import { HEDGES, INTENSIFIERS, NEGATION_REACH, NEGATORS } from './cue-words.ts';
import { priorPolarity } from './lexicon.ts';
import { CLAUSE_END, SENTENCE_END, type Token } from './tokens.ts';

export interface TokenReading {
  /** The token's feature word: its norm, "NOT_" before it in a negated stretch. */
  word: string;
  /**
   * The same word as a number, unique within one `readTokens` call: equal ids, equal words. Lets the feature
   * scorer cache what the model knows of a word without hashing the word again.
   */
  wordId: number;
  /** Its prior polarity after negation, intensity and hedges; 0 for most words. */
  polarity: number;
  /** A word or emoji, not punctuation: only these become features. */
  isWord: boolean;
}

/** What one distinct norm is, looked up once per text however often the text repeats it. */
interface NormFacts {
  breaksClause: boolean;
  prior: number;
  isWord: boolean;
  negator: boolean;
  /** The multiplier it gives the next word's polarity. */
  boost: number;
  plainId: number;
  /** `NOT_${norm}` and its id, made the first time the norm is negated. */
  negatedWord: string | undefined;
  negatedId: number;
}

const WORDLIKE = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;

/** Reads every token once: negation scope and the polarity each token carries. */
export function readTokens(tokens: readonly Token[]): TokenReading[] {
  const readings: TokenReading[] = [];
  // An answer repeats most of its words; the lexicon, the cue lists and the word pattern are asked once per norm.
  const factsByNorm = new Map<string, NormFacts>();
  let nextId = 0;
  let negatedFor = 0;
  let boost = 1;
  for (const token of tokens) {
    const norm = token.norm;
    let facts = factsByNorm.get(norm);
    if (facts === undefined) {
      facts = normFacts(norm, nextId);
      nextId += 1;
      factsByNorm.set(norm, facts);
    }
    if (facts.breaksClause) {
      negatedFor = 0;
      boost = 1;
      readings.push({ word: norm, wordId: facts.plainId, polarity: 0, isWord: false });
      continue;
    }
    const negated = negatedFor > 0;
    let polarity = facts.prior * boost;
    if (negated) polarity = -polarity * 0.75;
    if (negated && !facts.negator) {
      if (facts.negatedWord === undefined) {
        facts.negatedWord = `NOT_${norm}`;
        facts.negatedId = nextId;
        nextId += 1;
      }
      readings.push({ word: facts.negatedWord, wordId: facts.negatedId, polarity, isWord: facts.isWord });
    } else {
      readings.push({ word: norm, wordId: facts.plainId, polarity, isWord: facts.isWord });
    }
    if (facts.negator) negatedFor = NEGATION_REACH;
    else if (negatedFor > 0) negatedFor -= 1;
    boost = facts.boost;
  }
  return readings;
}

function normFacts(norm: string, plainId: number): NormFacts {
  return {
    breaksClause: SENTENCE_END.has(norm) || CLAUSE_END.has(norm),
    prior: priorPolarity(norm),
    isWord: WORDLIKE.test(norm),
    negator: NEGATORS.has(norm),
    boost: INTENSIFIERS.has(norm) ? 1.5 : HEDGES.has(norm) ? 0.5 : 1,
    plainId,
    negatedWord: undefined,
    negatedId: -1,
  };
}
