import type { VerdictSource, BrandAnalyser, RecommendationLevel } from '../../../../contract/brand.ts';
import { highlightParts, plainPassage } from './brand-summary-text.ts';

export type EvidencePartKind = 'brand' | 'cue' | 'plain';

export interface EvidencePart {
  text: string;
  kind: EvidencePartKind;
}

/**
 * The deciding sentence split so the brand's names and the words that tipped the verdict can be marked apart
 * (cues win where the two overlap, since they are the point of showing the sentence).
 */
export function evidenceParts(sentence: string, brandTerms: readonly string[], cues: readonly string[]): EvidencePart[] {
  const isCue = (part: string) => cues.some((cue) => cue.trim().toLowerCase() === part.toLowerCase());
  return highlightParts(plainPassage(sentence), [...cues, ...brandTerms]).map(({ text, highlighted }) => ({
    text,
    kind: !highlighted ? 'plain' : isCue(text) ? 'cue' : 'brand',
  }));
}

const RECOMMENDATION_LABELS: Record<RecommendationLevel, string> = {
  recommended: 'Recommended',
  mentioned: 'Mentioned',
  compared_unfavourably: 'Compared unfavourably',
  not_mentioned: 'Not mentioned',
};

const RECOMMENDATION_COLOURS: Record<RecommendationLevel, string> = {
  recommended: 'teal',
  mentioned: 'blue',
  compared_unfavourably: 'orange',
  not_mentioned: 'gray',
};

export const recommendationLabel = (level: RecommendationLevel): string => RECOMMENDATION_LABELS[level];
export const recommendationColour = (level: RecommendationLevel): string => RECOMMENDATION_COLOURS[level];

/** Who made the verdict, in words: results keep this so a change of analyser never passes for a change of tone. */
export function analyserText(analyser: BrandAnalyser | undefined): string {
  if (!analyser) return 'Analysed before the analyser was recorded';
  if (analyser.kind === 'judge') return `Judged by ${analyser.model ?? 'a judge model'} (local analyser ${analyser.version})`;
  return `Local analyser ${analyser.version}`;
}

/** Who made the verdict shown, in a few words for a badge. */
export function verdictSourceText(verdictBy: VerdictSource): string {
  if (verdictBy === 'person') return 'Corrected by a person';
  if (verdictBy === 'judge') return 'Judge model';
  return 'Local analyser';
}
