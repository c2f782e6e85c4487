import { BIGRAM_MARKERS, INFORMAL_PREFIX, SLOT_PREFIXES, type FeatureSink, type WordSlot } from './mention-features.ts';
import { featureWeights, MODEL_INTERCEPTS } from './sentiment-model.ts';
import type { TokenReading } from './token-readings.ts';

/**
 * The model's class scores for a mention, without a map of feature names per mention. Answers use a few thousand
 * everyday words over and over, so each word's features (`c:word`, `s:word`, its bigrams…) are looked up in the
 * model once and kept with the word; a mention's features are then gathered as references to those entries.
 *
 * The scores are exactly `classScores(mentionFeatures(…))`: the same features, their values summed in the same
 * order, multiplied and added in the order the names were first found, informal twins after all the others.
 */
interface ScoredFeature {
  name: string;
  weights: readonly [number, number, number] | undefined;
  /** The weights of its `i:` twin, which only text without capitals has: looked up when first needed, null if none. */
  twin: readonly [number, number, number] | null | undefined;
  /** Which mention last took this feature; `value` is that mention's. */
  mention: number;
  value: number;
}

/** One word's features, each looked up the first time a mention uses it. */
interface WordFeatures {
  word: string;
  /** By slot (see `SLOT_PREFIXES`). */
  slots: (ScoredFeature | undefined)[];
  /** The bigrams this word begins, by the word (or marker) that follows it; made when the first is. */
  followers: Map<WordFeatures, ScoredFeature> | undefined;
}

/**
 * Words and features remembered across answers; past either bound the memory starts afresh, so odd words and
 * word pairs cannot pile up in a long-running worker (200,000 features take about 20 MB).
 */
const MAX_WORDS = 50_000;
const MAX_FEATURES = 200_000;
let rememberedFeatures = 0;
let knownWords = new Map<string, WordFeatures>();
let namedFeatures = new Map<string, ScoredFeature>();
/** Counts mentions across all scorers, so a feature's value always belongs to the mention being scored. */
let mentionCount = 0;

function scoredFeature(name: string): ScoredFeature {
  rememberedFeatures += 1;
  return { name, weights: featureWeights(name), twin: undefined, mention: 0, value: 0 };
}

function known(word: string): WordFeatures {
  let entry = knownWords.get(word);
  if (entry === undefined) {
    entry = { word, slots: SLOT_PREFIXES.map(() => undefined), followers: undefined };
    knownWords.set(word, entry);
  }
  return entry;
}

function twinOf(feature: ScoredFeature): readonly [number, number, number] | null {
  if (feature.twin === undefined) feature.twin = featureWeights(`${INFORMAL_PREFIX}${feature.name}`) ?? null;
  return feature.twin;
}

export class FeatureScorer implements FeatureSink {
  private readonly readings: readonly TokenReading[];
  /** Each word id's entry, found in `knownWords` the first time this text uses it. */
  private readonly byWordId: (WordFeatures | undefined)[] = [];
  private readonly found: ScoredFeature[] = [];
  private informal = false;

  constructor(readings: readonly TokenReading[]) {
    this.readings = readings;
    // Only here, between texts: a scorer keeps the entries it has taken for the whole of its text.
    if (knownWords.size > MAX_WORDS || rememberedFeatures > MAX_FEATURES) {
      knownWords = new Map();
      namedFeatures = new Map();
      rememberedFeatures = 0;
    }
  }

  /** Starts a new mention: what was found so far is forgotten. */
  begin(informal: boolean): void {
    mentionCount += 1;
    this.found.length = 0;
    this.informal = informal;
  }

  /** The class scores of the features found since `begin`, in `SENTIMENT_CLASSES` order. */
  scores(): [number, number, number] {
    const scores: [number, number, number] = [...MODEL_INTERCEPTS];
    for (const feature of this.found) {
      const weights = feature.weights;
      if (weights === undefined) continue;
      scores[0] += weights[0] * feature.value;
      scores[1] += weights[1] * feature.value;
      scores[2] += weights[2] * feature.value;
    }
    if (!this.informal) return scores;
    for (const feature of this.found) {
      const weights = feature.twin;
      if (!weights) continue;
      scores[0] += weights[0] * feature.value;
      scores[1] += weights[1] * feature.value;
      scores[2] += weights[2] * feature.value;
    }
    return scores;
  }

  named(name: string, value: number): void {
    let feature = namedFeatures.get(name);
    if (feature === undefined) {
      feature = scoredFeature(name);
      namedFeatures.set(name, feature);
    }
    this.take(feature, value);
  }

  word(slot: WordSlot, token: number, value: number): void {
    const word = this.wordAt(token);
    let feature = word.slots[slot];
    if (feature === undefined) {
      feature = scoredFeature(`${SLOT_PREFIXES[slot]}:${word.word}`);
      word.slots[slot] = feature;
    }
    this.take(feature, value);
  }

  bigram(first: number, second: number): void {
    const before = this.wordAt(first);
    const after = this.wordAt(second);
    before.followers ??= new Map();
    let feature = before.followers.get(after);
    if (feature === undefined) {
      feature = scoredFeature(`b:${before.word}_${after.word}`);
      before.followers.set(after, feature);
    }
    this.take(feature, 1);
  }

  /** The entry of the word at a token, or of a bigram marker (a negative "token"; no token is written "<s>"). */
  private wordAt(token: number): WordFeatures {
    if (token < 0) return known(BIGRAM_MARKERS[token]!);
    const reading = this.readings[token]!;
    let word = this.byWordId[reading.wordId];
    if (word === undefined) {
      word = known(reading.word);
      this.byWordId[reading.wordId] = word;
    }
    return word;
  }

  /** Adds `value` to the feature for this mention; a feature the model has no weight for cannot move a score. */
  private take(feature: ScoredFeature, value: number): void {
    const twin = this.informal ? twinOf(feature) : null;
    if (feature.weights === undefined && twin === null) return;
    if (feature.mention !== mentionCount) {
      feature.mention = mentionCount;
      feature.value = value;
      this.found.push(feature);
    } else {
      feature.value += value;
    }
  }
}
