import type { Sentiment, SentimentEvidence } from '../../contract/brand.ts';
import type { TermMatch } from './brand-matches.ts';
import { mentionSentiment } from './brand-sentiment.ts';

/** Bumped whenever a verdict could change, so stored results say which analyser made them. */
export const LOCAL_ANALYSER_VERSION = '1.0.0';

export interface TargetVerdict {
  sentiment: Sentiment;
  /** Null when the target is not named. */
  evidence: SentimentEvidence | null;
}

/**
 * How `text` speaks of one target, named at `target` (its matches, in order). `others` are the matches of the
 * other brands in the same answer, whose sentences are theirs.
 */
export function targetedSentiment(text: string, target: readonly TermMatch[], _others: readonly TermMatch[] = []): TargetVerdict {
  if (target.length === 0) return { sentiment: 'neutral', evidence: null };
  return { sentiment: mentionSentiment(text, target), evidence: { sentence: text.slice(Math.max(0, target[0]!.start - 100), target[0]!.end + 100), cues: [] } };
}
