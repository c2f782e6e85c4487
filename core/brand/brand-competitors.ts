import type { CompetitorMention } from '../../contract/brand.ts';
import { roundTo } from './round-to.ts';

/** Each competitor named in the config, once (the first spelling of names that differ only in case). */
export function distinctCompetitors(names: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const distinct: string[] = [];
  for (const name of names ?? []) {
    const trimmed = name.trim();
    const key = trimmed.toLocaleLowerCase();
    if (trimmed === '' || seen.has(key)) continue;
    seen.add(key);
    distinct.push(trimmed);
  }
  return distinct;
}

/**
 * Where the brand's first mention stands among the first mentions of every brand named (1 = named first); a
 * competitor named at the same place does not push the brand back. Null when the brand is not named.
 */
export function brandRank(brandFirstPosition: number | undefined, competitors: readonly CompetitorMention[]): number | null {
  if (brandFirstPosition === undefined) return null;
  const earlier = competitors.filter((competitor) => competitor.firstPosition !== null && competitor.firstPosition < brandFirstPosition);
  return earlier.length + 1;
}

/** The brand's share of all brands' mentions, 0 to 1 with 3 decimals; null when no brand is named at all. */
export function shareOfVoice(brandMentions: number, competitors: readonly CompetitorMention[]): number | null {
  const total = brandMentions + competitors.reduce((sum, competitor) => sum + competitor.mentions, 0);
  return total === 0 ? null : roundTo(brandMentions / total, 3);
}
