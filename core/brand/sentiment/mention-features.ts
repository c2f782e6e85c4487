import type { MentionScope } from './mention-scope.ts';
import { stanceCueAt } from './stance-cues.ts';
import type { TokenReading } from './token-readings.ts';
import type { Token } from './tokens.ts';

/**
 * The features the model reads for one mention: the words of its clause (negated ones marked "NOT_"), its
 * neighbours, the rest of its sentence and nearby text, and lexicon sums that know negation, intensity and
 * hedging. Every feature name says where its word stood, so "but cheap" and "cheap but" weigh differently.
 * A mention that is the one compared against ("faster than Acme") is read as if it were the subject; the verdict
 * is turned around afterwards (see `targetedSentiment`).
 */
export type Features = Map<string, number>;

/**
 * Where a word feature's word stood: its clause, left or right neighbour (1: next to it), sentence, or nearby. A
 * slot is its index in `SLOT_PREFIXES`, which name the features (`c:fast`), so the scorer can keep them in arrays.
 */
export const SLOT_PREFIXES = ['c', 'l1', 'l', 'r1', 'r', 's', 'n'] as const;
export type WordSlot = number;
const CLAUSE = 0;
const LEFT_NEXT = 1;
const LEFT = 2;
const RIGHT_NEXT = 3;
const RIGHT = 4;
const SENTENCE = 5;
const NEARBY_TEXT = 6;

/** The ends of a bigram that are not words: the clause's start and end, the target, another brand. */
export const BIGRAM_START = -1;
export const BIGRAM_TARGET = -2;
export const BIGRAM_OTHER = -3;
export const BIGRAM_END = -4;
export const BIGRAM_MARKERS: Readonly<Record<number, string>> = { [BIGRAM_START]: '<s>', [BIGRAM_TARGET]: '<t>', [BIGRAM_OTHER]: '<o>', [BIGRAM_END]: '</s>' };

/**
 * Takes a mention's features in the order they are found. Features are named `slot:word` (a word feature),
 * `b:first_second` (a bigram) or by a fixed name ("bias", "lex:clause+"); the sink is told the parts, so the
 * scorer can look the weights up by word without building every name (see feature-scorer.ts), while
 * `mentionFeatures` builds the names for training.
 */
export interface FeatureSink {
  named(name: string, value: number): void;
  /** The feature `${SLOT_PREFIXES[slot]}:${readings[token].word}`. */
  word(slot: WordSlot, token: number, value: number): void;
  /** The feature `b:${first}_${second}`, each a token index or one of the `BIGRAM_*` markers. */
  bigram(first: number, second: number): void;
}

/** How far outside its sentence a mention's context is read, in tokens (a tweet's whole text, an answer's neighbours). */
const NEARBY = 20;

/** Tells `sink` every feature of the mention at tokens [from, to), in order; repeats are told again. */
export function collectFeatures(
  sink: FeatureSink,
  tokens: readonly Token[],
  readings: readonly TokenReading[],
  from: number,
  to: number,
  isBrand: Uint8Array,
  scope: MentionScope,
  ownedScore: number,
): void {
  sink.named('bias', 1);
  // What the clauses that belong to the target say of it (see target-ownership.ts), as one signed strength.
  if (ownedScore !== 0) sink.named(ownedScore > 0 ? 'owned+' : 'owned-', Math.tanh(Math.abs(ownedScore) / 2));

  // The clause the sentiment is read from: words, bigrams and polarity sums.
  let previous = BIGRAM_START;
  let positive = 0;
  let negative = 0;
  let nearest = 0;
  let nearestDistance = Infinity;
  for (let index = scope.readStart; index < scope.readEnd; index += 1) {
    if (isBrand[index] !== 0) {
      previous = isBrand[index] === 1 ? BIGRAM_TARGET : BIGRAM_OTHER;
      continue;
    }
    const { polarity, isWord } = readings[index]!;
    if (!isWord) continue;
    sink.word(CLAUSE, index, 1);
    sink.bigram(previous, index);
    previous = index;
    const signed = polarity;
    if (signed > 0) positive += signed;
    if (signed < 0) negative -= signed;
    const distance = index < from ? from - index : index - to + 1;
    if (polarity !== 0 && distance < nearestDistance) {
      nearestDistance = distance;
      nearest = signed;
    }
  }
  sink.bigram(previous, BIGRAM_END);
  if (positive > 0) sink.named('lex:clause+', Math.tanh(positive / 3));
  if (negative > 0) sink.named('lex:clause-', Math.tanh(negative / 3));
  if (nearest !== 0) sink.named(nearest > 0 ? 'lex:nearest+' : 'lex:nearest-', 1 / Math.sqrt(nearestDistance));

  // Immediate neighbours, by side.
  const skip = (index: number) => isBrand[index] !== 0 || !readings[index]!.isWord;
  for (let offset = 1; offset <= 3; offset += 1) {
    const left = from - offset;
    const right = to - 1 + offset;
    if (left >= scope.sentenceStart && !skip(left)) sink.word(offset === 1 ? LEFT_NEXT : LEFT, left, 1);
    if (right < scope.sentenceEnd && !skip(right)) sink.word(offset === 1 ? RIGHT_NEXT : RIGHT, right, 1);
  }

  // The rest of the sentence, and text nearby: weaker evidence, kept apart from the clause's.
  let sentencePolarity = 0;
  for (let index = scope.sentenceStart; index < scope.sentenceEnd; index += 1) {
    if ((index >= scope.readStart && index < scope.readEnd) || skip(index)) continue;
    sink.word(SENTENCE, index, 1);
    sentencePolarity += readings[index]!.polarity;
  }
  if (sentencePolarity !== 0) sink.named(sentencePolarity > 0 ? 'lex:sentence+' : 'lex:sentence-', Math.tanh(Math.abs(sentencePolarity) / 3));
  let nearbyPolarity = 0;
  for (let index = Math.max(0, scope.sentenceStart - NEARBY); index < Math.min(tokens.length, scope.sentenceEnd + NEARBY); index += 1) {
    if ((index >= scope.sentenceStart && index < scope.sentenceEnd) || skip(index)) continue;
    sink.word(NEARBY_TEXT, index, 0.5);
    nearbyPolarity += readings[index]!.polarity;
  }
  if (nearbyPolarity !== 0) sink.named(nearbyPolarity > 0 ? 'lex:nearby+' : 'lex:nearby-', Math.tanh(Math.abs(nearbyPolarity) / 3));

  // Recommendations and good or bad facts, in the clause and in the rest of the sentence.
  let clauseToward = 0;
  let clauseAway = 0;
  let sentenceToward = 0;
  let sentenceAway = 0;
  for (let index = scope.sentenceStart; index < scope.sentenceEnd; index += 1) {
    if (isBrand[index] !== 0) continue;
    const cue = stanceCueAt(tokens, readings, index);
    if (cue.direction === 0) continue;
    const inClause = index >= scope.readStart && index < scope.readEnd;
    if (cue.direction > 0) inClause ? (clauseToward += 1) : (sentenceToward += 1);
    else inClause ? (clauseAway += 1) : (sentenceAway += 1);
    index += cue.length - 1;
  }
  if (clauseToward > 0) sink.named('cue:toward', Math.tanh(clauseToward));
  if (clauseAway > 0) sink.named('cue:away', Math.tanh(clauseAway));
  if (sentenceToward > 0) sink.named('cue:s-toward', Math.tanh(sentenceToward));
  if (sentenceAway > 0) sink.named('cue:s-away', Math.tanh(sentenceAway));

  // The sentence's shape: a question or a condition asks rather than judges; "!" insists.
  const last = tokens[scope.sentenceEnd]?.norm;
  if (last === '?') sink.named('shape:question', 1);
  if (last === '!') sink.named('shape:exclaim', 1);
  if (scope.sentenceStart === from) sink.named('shape:opens-sentence', 1);
}

/** The prefix of the twin every feature gets in text written without a single capital (see `mentionFeatures`). */
export const INFORMAL_PREFIX = 'i:';

/** A mention's features by name, each name once with its values summed: what the model is trained on. */
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
  const features: Features = new Map();
  const add = (name: string, value: number) => features.set(name, (features.get(name) ?? 0) + value);
  const written = (token: number) => (token < 0 ? BIGRAM_MARKERS[token]! : readings[token]!.word);
  collectFeatures(
    {
      named: add,
      word: (slot, token, value) => add(`${SLOT_PREFIXES[slot]}:${readings[token]!.word}`, value),
      bigram: (first, second) => add(`b:${written(first)}_${written(second)}`, 1),
    },
    tokens,
    readings,
    from,
    to,
    isBrand,
    scope,
    ownedScore,
  );
  // Text written without a single capital (a chat message, a tweet) uses words differently from edited prose: each
  // feature gets a twin that only such text has, so the model can weigh the two registers apart.
  if (informal) for (const [name, value] of [...features]) features.set(`${INFORMAL_PREFIX}${name}`, value);
  return features;
}
