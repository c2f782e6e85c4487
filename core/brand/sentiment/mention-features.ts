import { HEDGES, INTENSIFIERS, NEGATION_REACH, NEGATORS } from './cue-words.ts';
import { priorPolarity } from './lexicon.ts';
import type { MentionScope } from './mention-scope.ts';
import { CLAUSE_END, SENTENCE_END, type Token } from './tokens.ts';

/**
 * The features the model reads for one mention: the words of its clause (negated ones marked "NOT_"), its
 * neighbours, the rest of its sentence and nearby text, and lexicon sums that know negation, intensity and
 * hedging. Every feature name says where its word stood, so "but cheap" and "cheap but" weigh differently.
 * A mention that is the one compared against ("faster than Acme") is read as if it were the subject; the verdict
 * is turned around afterwards (see `targetedSentiment`).
 */
export type Features = Map<string, number>;

/** How far outside its sentence a mention's context is read, in tokens (a tweet's whole text, an answer's neighbours). */
const NEARBY = 20;

export interface TokenReading {
  /** The token's feature word: its norm, "NOT_" before it in a negated stretch. */
  word: string;
  /** Its prior polarity after negation, intensity and hedges; 0 for most words. */
  polarity: number;
  /** A word or emoji, not punctuation: only these become features. */
  isWord: boolean;
}

/** Reads every token once: negation scope and the polarity each token carries. */
export function readTokens(tokens: readonly Token[]): TokenReading[] {
  const readings: TokenReading[] = [];
  let negatedFor = 0;
  let boost = 1;
  for (const token of tokens) {
    const norm = token.norm;
    if (SENTENCE_END.has(norm) || CLAUSE_END.has(norm)) {
      negatedFor = 0;
      boost = 1;
      readings.push({ word: norm, polarity: 0, isWord: false });
      continue;
    }
    const negated = negatedFor > 0;
    let polarity = priorPolarity(norm) * boost;
    if (negated) polarity = -polarity * 0.75;
    readings.push({ word: negated && !NEGATORS.has(norm) ? `NOT_${norm}` : norm, polarity, isWord: WORDLIKE.test(norm) });
    if (NEGATORS.has(norm)) negatedFor = NEGATION_REACH;
    else if (negatedFor > 0) negatedFor -= 1;
    boost = INTENSIFIERS.has(norm) ? 1.5 : HEDGES.has(norm) ? 0.5 : 1;
  }
  return readings;
}

const WORDLIKE = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;

export function mentionFeatures(
  tokens: readonly Token[],
  readings: readonly TokenReading[],
  from: number,
  to: number,
  isBrand: Uint8Array,
  scope: MentionScope,
  ownedScore: number,
  informal = false,
): Features {
  const features: Features = new Map([['bias', 1]]);
  const add = (name: string, value = 1) => features.set(name, (features.get(name) ?? 0) + value);
  // What the clauses that belong to the target say of it (see target-ownership.ts), as one signed strength.
  if (ownedScore !== 0) add(ownedScore > 0 ? 'owned+' : 'owned-', Math.tanh(Math.abs(ownedScore) / 2));
  const skip = (index: number) => isBrand[index] !== 0 || !readings[index]!.isWord;

  // The clause the sentiment is read from: words, bigrams and polarity sums.
  let previous = '<s>';
  let positive = 0;
  let negative = 0;
  let nearest = 0;
  let nearestDistance = Infinity;
  for (let index = scope.readStart; index < scope.readEnd; index += 1) {
    if (isBrand[index] !== 0) {
      previous = isBrand[index] === 1 ? '<t>' : '<o>';
      continue;
    }
    const { word, polarity, isWord } = readings[index]!;
    if (!isWord) continue;
    add(`c:${word}`);
    add(`b:${previous}_${word}`);
    previous = word;
    const signed = polarity;
    if (signed > 0) positive += signed;
    if (signed < 0) negative -= signed;
    const distance = index < from ? from - index : index - to + 1;
    if (polarity !== 0 && distance < nearestDistance) {
      nearestDistance = distance;
      nearest = signed;
    }
  }
  add(`b:${previous}_</s>`);
  if (positive > 0) add('lex:clause+', Math.tanh(positive / 3));
  if (negative > 0) add('lex:clause-', Math.tanh(negative / 3));
  if (nearest !== 0) add(nearest > 0 ? 'lex:nearest+' : 'lex:nearest-', 1 / Math.sqrt(nearestDistance));

  // Immediate neighbours, by side.
  for (let offset = 1; offset <= 3; offset += 1) {
    const left = from - offset;
    const right = to - 1 + offset;
    if (left >= scope.sentenceStart && !skip(left)) add(offset === 1 ? `l1:${readings[left]!.word}` : `l:${readings[left]!.word}`);
    if (right < scope.sentenceEnd && !skip(right)) add(offset === 1 ? `r1:${readings[right]!.word}` : `r:${readings[right]!.word}`);
  }

  // The rest of the sentence, and text nearby: weaker evidence, kept apart from the clause's.
  let sentencePolarity = 0;
  for (let index = scope.sentenceStart; index < scope.sentenceEnd; index += 1) {
    if ((index >= scope.readStart && index < scope.readEnd) || skip(index)) continue;
    add(`s:${readings[index]!.word}`);
    sentencePolarity += readings[index]!.polarity;
  }
  if (sentencePolarity !== 0) add(sentencePolarity > 0 ? 'lex:sentence+' : 'lex:sentence-', Math.tanh(Math.abs(sentencePolarity) / 3));
  let nearbyPolarity = 0;
  for (let index = Math.max(0, scope.sentenceStart - NEARBY); index < Math.min(tokens.length, scope.sentenceEnd + NEARBY); index += 1) {
    if ((index >= scope.sentenceStart && index < scope.sentenceEnd) || skip(index)) continue;
    add(`n:${readings[index]!.word}`, 0.5);
    nearbyPolarity += readings[index]!.polarity;
  }
  if (nearbyPolarity !== 0) add(nearbyPolarity > 0 ? 'lex:nearby+' : 'lex:nearby-', Math.tanh(Math.abs(nearbyPolarity) / 3));

  // The sentence's shape: a question or a condition asks rather than judges; "!" insists.
  const last = tokens[scope.sentenceEnd]?.norm;
  if (last === '?') add('shape:question');
  if (last === '!') add('shape:exclaim');
  if (scope.sentenceStart === from) add('shape:opens-sentence');
  // Text written without a single capital (a chat message, a tweet) uses words differently from edited prose: each
  // feature gets a twin that only such text has, so the model can weigh the two registers apart.
  if (informal) for (const [name, value] of [...features]) features.set(`i:${name}`, value);
  return features;
}
