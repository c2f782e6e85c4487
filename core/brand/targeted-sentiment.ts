import type { Sentiment, SentimentEvidence } from '../../contract/brand.ts';
import type { TermMatch } from './brand-matches.ts';
import { FeatureScorer } from './sentiment/feature-scorer.ts';
import { collectFeatures, mentionFeatures, type Features } from './sentiment/mention-features.ts';
import { AnswerLayout, type MentionPlacement } from './sentiment/mention-placement.ts';
import { mentionScope, type MentionScope } from './sentiment/mention-scope.ts';
import { passageFeatures, passageScores } from './sentiment/passage-verdict.ts';
import { capitalisedNames, markOtherNames, ownedPolarity, targetOwnership } from './sentiment/target-ownership.ts';
import { CONTEXT_READER, featurePush, MODEL_VERSION, PASSAGE_WEIGHTS, probabilities, RULE_WEIGHTS, SENTIMENT_CLASSES, withRules, type RuleReading } from './sentiment/sentiment-model.ts';
import { readTokens, type TokenReading } from './sentiment/token-readings.ts';
import { SENTENCE_END, tokenize, type Token } from './sentiment/tokens.ts';

/** Bumped whenever a verdict could change, so stored results say which analyser made them. */
export const LOCAL_ANALYSER_VERSION = `2.1.0+${MODEL_VERSION}`;

export interface TargetVerdict {
  sentiment: Sentiment;
  /** Null when the target is not named. */
  evidence: SentimentEvidence | null;
}

/** One mention, read: its features, its scope, and the model's class probabilities. */
export interface MentionReading {
  features: Features;
  scope: MentionScope;
  probabilities: [number, number, number];
}

/** A text read once, so the brand and every competitor are judged on the same tokens. */
export interface ReadText {
  text: string;
  tokens: Token[];
  readings: TokenReading[];
  /** Written without a capital letter anywhere. */
  informal: boolean;
  /** The capitalised names it uses (see `capitalisedNames`). */
  names: ReadonlySet<string>;
  /** Scores the mentions' features, remembering the model's weights for this text's words across mentions. */
  scorer: FeatureScorer;
  /** Its lines: headings, verdict lines, tables, the closing paragraph. */
  layout: AnswerLayout;
}

export function readText(text: string): ReadText {
  const tokens = tokenize(text);
  const readings = readTokens(tokens);
  return {
    text,
    tokens,
    readings,
    informal: !/\p{Lu}/u.test(text),
    names: capitalisedNames(text, tokens),
    scorer: new FeatureScorer(readings),
    layout: new AnswerLayout(text),
  };
}

/**
 * The features of each mention of a target (its matches, by character offset), with the other brands' matches
 * marked so their words are not read as the target's. What the training script learns from; the analyser reads
 * the same mentions (`readMentions`) but scores their features without naming them (see feature-scorer.ts).
 */
export interface MentionEvidence extends ReadMention {
  features: Features;
  placement: MentionPlacement;
}

/** One mention found and read by the rules: where it is, its sentence and clause, whose words are around it. */
interface ReadMention {
  rules: RuleReading;
  /** Per token, whether and how it speaks of this target (see target-ownership.ts); shared by its mentions. */
  ownership: Float32Array;
  /** Where the target's words that start in this mention's sentence end (a list under it may continue them). */
  stretchEnd: number;
  scope: MentionScope;
  from: number;
  to: number;
  /** Per token: 1 the target's, 2 another brand's, 0 neither; shared by the target's mentions. */
  isBrand: Uint8Array;
}

const SUPPOSING = new Set(['if', 'whether', 'unless', 'should']);

export function mentionFeatureSets(read: ReadText, target: readonly TermMatch[], others: readonly TermMatch[]): MentionEvidence[] {
  return readMentions(read, target, others).map((mention) => ({
    ...mention,
    placement: placementOf(read, mention),
    features: mentionFeatures(read.tokens, read.readings, mention.from, mention.to, mention.isBrand, mention.scope, mention.rules.owned, read.informal),
  }));
}

/** Where the mention stands in the answer's layout. */
function placementOf(read: ReadText, mention: ReadMention): MentionPlacement {
  const start = read.tokens[mention.from]!.start;
  return read.layout.placement(start, read.tokens[mention.to - 1]!.end - start);
}

/** The mention's model scores, exactly `classScores` of its `mentionFeatures`. */
function mentionScores(read: ReadText, mention: ReadMention): [number, number, number] {
  read.scorer.begin(read.informal);
  collectFeatures(read.scorer, read.tokens, read.readings, mention.from, mention.to, mention.isBrand, mention.scope, mention.rules.owned);
  return read.scorer.scores();
}

function readMentions(read: ReadText, target: readonly TermMatch[], others: readonly TermMatch[]): ReadMention[] {
  const isBrand = new Uint8Array(read.tokens.length);
  const spans = (matches: readonly TermMatch[], mark: number) =>
    matches.map((match) => {
      const [from, to] = tokenSpan(read.tokens, match);
      for (let index = from; index < to; index += 1) if (isBrand[index] === 0) isBrand[index] = mark;
      return [from, to] as const;
    });
  const targetSpans = spans(target, 1);
  spans(others, 2);
  markOtherNames(read.tokens, isBrand, read.names);
  const ownership = targetOwnership(read.tokens, isBrand);
  const readable = targetSpans.filter(([from, to]) => to > from);
  return readable.map(([from, to], index) => {
      const scope = mentionScope(read.tokens, from, to, isBrand);
      // A later sentence that names the brand again is that mention's to read, not this one's as well.
      const nextMention = readable.slice(index + 1).find(([start]) => start > scope.sentenceEnd)?.[0] ?? read.tokens.length;
      const stretchEnd = Math.min(ownedStretchEnd(ownership, scope.sentenceEnd), Math.max(scope.sentenceEnd, sentenceStartOf(read.tokens, nextMention)));
      // Read as if the mention were the subject; a compared-against mention's verdict is turned around later.
      const owned = ownedPolarity(read.readings, ownership, scope.sentenceStart, stretchEnd) * (scope.comparedAgainst ? -1 : 1);
      let polarWords = 0;
      for (let index = scope.sentenceStart; index < stretchEnd; index += 1) if (ownership[index] !== 0 && read.readings[index]!.polarity !== 0) polarWords += 1;
      const asks = read.tokens[scope.sentenceEnd]?.norm === '?';
      const asksOrSupposes = asks || SUPPOSING.has(read.tokens[scope.clauseStart]!.norm) || SUPPOSING.has(read.tokens[scope.sentenceStart]!.norm);
      const rules = { owned, asksOrSupposes, asks, polarWords };
      return { rules, ownership, stretchEnd, scope, from, to, isBrand };
    });
}

/** The first token of the sentence that holds token `index`. */
function sentenceStartOf(tokens: readonly Token[], index: number): number {
  let start = Math.min(index, tokens.length);
  while (start > 0 && !SENTENCE_END.has(tokens[start - 1]!.norm)) start -= 1;
  return start;
}

/** Where the target's owned words that continue past a sentence ("Cons of Acme:" and its list) stop. */
function ownedStretchEnd(ownership: Float32Array, sentenceEnd: number): number {
  let end = sentenceEnd;
  while (end + 1 < ownership.length && ownership[end + 1] !== 0) {
    end += 1;
    while (end < ownership.length && ownership[end] !== 0) end += 1;
  }
  return end;
}

/** The tokens [from, to) that a character span covers (tokens are in text order, so a binary search finds it). */
function tokenSpan(tokens: readonly Token[], match: TermMatch): [number, number] {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (tokens[middle]!.end <= match.start) low = middle + 1;
    else high = middle;
  }
  let to = low;
  while (to < tokens.length && tokens[to]!.start < match.end) to += 1;
  return [low, to];
}

/**
 * How `text` speaks of one target named at `target` (its matches). `others` are the other brands' matches, whose
 * sentences are theirs. Each mention is judged from its own clause and sentence; the answer's verdict weighs the
 * mentions by where they stand (passage-verdict.ts; with a model that has no such weights, their probabilities are
 * summed), and its evidence is the mention that leaned most towards that verdict.
 */
export function targetedSentiment(read: ReadText, target: readonly TermMatch[], others: readonly TermMatch[] = []): TargetVerdict {
  const mentions = readMentions(read, target, others);
  if (mentions.length === 0) return { sentiment: 'neutral', evidence: null };
  const total: [number, number, number] = [0, 0, 0];
  const each = mentions.map((mention) => {
    const probability = mentionProbabilities(mentionScores(read, mention), mention, RULE_WEIGHTS, readerScores(read, mention));
    for (let label = 0; label < 3; label += 1) total[label]! += probability[label]!;
    return { ...mention, probability, placement: placementOf(read, mention) };
  });
  const scores = PASSAGE_WEIGHTS ? passageScores(PASSAGE_WEIGHTS, passageFeatures(each, read.layout.isPassage)) : total;
  const label = scores.indexOf(Math.max(...scores));
  const decisive = each.reduce((best, mention) => (mention.probability[label]! > best.probability[label]! ? mention : best));
  return { sentiment: SENTIMENT_CLASSES[label]!, evidence: evidenceOf(read, decisive, label) };
}

/** The context reader's scores for a mention, when the model has a reader; compared-against mentions and questions need none. */
function readerScores(read: ReadText, mention: ReadMention): [number, number, number] | undefined {
  if (!CONTEXT_READER || mention.scope.comparedAgainst || mention.rules.asks) return undefined;
  return CONTEXT_READER.scores(read.tokens, mention.isBrand, mention.from, mention.to, mention.scope.sentenceStart, mention.scope.sentenceEnd);
}

/**
 * One mention's class probabilities: the model's scores moved by the rules, mixed with the context reader's at its
 * share when there is one, and turned around when the mention is the one compared against ("faster than Acme" is
 * bad news for Acme).
 */
export function mentionProbabilities(
  scores: readonly [number, number, number],
  mention: Pick<MentionEvidence, 'rules' | 'scope'>,
  weights: typeof RULE_WEIGHTS = RULE_WEIGHTS,
  reader?: readonly [number, number, number],
): [number, number, number] {
  // The words around a compared-against mention are about the other brand, and a question ("Is Acme worth it?")
  // asks rather than judges, so the model, which reads words, is left out: the rules' signed reading of the
  // clauses that belong to the brand (the answer that follows a question included) decides.
  const base: readonly [number, number, number] = mention.scope.comparedAgainst || mention.rules.asks ? [0, 0, 0] : scores;
  const moved = withRules(base, mention.rules, weights);
  if (reader && CONTEXT_READER) {
    const share = CONTEXT_READER.weight;
    for (let label = 0; label < 3; label += 1) moved[label] = (1 - share) * moved[label]! + share * reader[label]!;
  }
  const [negative, neutral, positive] = probabilities(moved);
  return mention.scope.comparedAgainst ? [positive, neutral, negative] : [negative, neutral, positive];
}

/** How much of the answer the evidence quotes at most, in characters. */
const EVIDENCE_LENGTH = 300;

/**
 * The deciding mention's sentence as written (with the list that continues it, up to `EVIDENCE_LENGTH`), and the
 * words in it that pushed hardest towards the verdict: by the model's weights and by the rules' reading of the
 * words that belong to the brand. A negated word is quoted with its negation ("not reliable").
 */
function evidenceOf(read: ReadText, mention: ReadMention, label: number): SentimentEvidence {
  const { tokens, readings } = read;
  const { sentenceStart, comparedAgainst } = mention.scope;
  const first = tokens[sentenceStart]!;
  const lastIndex = Math.max(sentenceStart, Math.min(mention.stretchEnd, tokens.length) - 1);
  const closing = tokens[lastIndex + 1];
  const end = closing && /[.!?]/.test(closing.norm) ? closing.end : tokens[lastIndex]!.end;
  let sentence = read.text.slice(first.start, end).replace(/\s+/g, ' ').trim();
  if (sentence.length > EVIDENCE_LENGTH) sentence = `${sentence.slice(0, EVIDENCE_LENGTH - 1).trimEnd()}…`;
  const verdict = SENTIMENT_CLASSES[label]!;
  if (verdict === 'neutral') return { sentence, cues: [] };
  const direction = verdict === 'positive' ? 1 : -1;
  // The model read a compared-against mention as the subject, so its weights speak for the reversed label.
  const modelLabel = comparedAgainst ? 2 - label : label;
  const pushes = new Map<string, number>();
  for (let index = sentenceStart; index <= lastIndex; index += 1) {
    const reading = readings[index]!;
    if (!reading.isWord || mention.ownership[index] === undefined) continue;
    const fromModel = comparedAgainst ? 0 : featurePush(`c:${reading.word}`, 1, modelLabel) + featurePush(`s:${reading.word}`, 1, modelLabel);
    const fromRules = reading.polarity * mention.ownership[index]! * direction;
    const push = fromModel + fromRules;
    if (push <= 0.3 || (fromRules <= 0 && reading.polarity !== 0)) continue;
    const written = writtenCue(read, index);
    pushes.set(written, Math.max(pushes.get(written) ?? 0, push));
  }
  const ranked = [...pushes.entries()].sort((left, right) => right[1] - left[1]).map(([written]) => written);
  // "not" on its own says nothing once "not reliable" is quoted.
  const cues = ranked.filter((cue) => !ranked.some((other) => other !== cue && other.split(' ').includes(cue))).slice(0, 4);
  return { sentence, cues };
}

/** A token as written; a negated one with the negation before it ("not reliable", "not … fast"). */
function writtenCue(read: ReadText, index: number): string {
  const { tokens, readings, text } = read;
  const written = text.slice(tokens[index]!.start, tokens[index]!.end);
  if (!readings[index]!.word.startsWith('NOT_')) return written;
  for (let back = index - 1; back >= Math.max(0, index - 6); back -= 1) {
    if (readings[back]!.word.startsWith('NOT_')) continue;
    const negator = text.slice(tokens[back]!.start, tokens[back]!.end);
    return back === index - 1 ? `${negator} ${written}` : `${negator} … ${written}`;
  }
  return written;
}
