import type { BrandMention } from '../../../../contract/brand.ts';

/** Sentiment badge colours: green and red say something, anything else (neutral, unknown) stays grey. */
const SENTIMENT_COLOURS: Record<string, string> = { positive: 'green', negative: 'red', neutral: 'gray' };

export const sentimentColour = (sentiment: string): string => SENTIMENT_COLOURS[sentiment] ?? 'gray';

export const sentimentLabel = (sentiment: string): string =>
  sentiment === '' ? 'Unknown' : `${sentiment.charAt(0).toUpperCase()}${sentiment.slice(1)}`;

/** A 0–1 fraction as a whole percentage ("83%"). */
export const percentText = (fraction: number): string => `${Math.round(fraction * 100)}%`;

export interface TextPart {
  text: string;
  highlighted: boolean;
}

const escapeForPattern = (term: string): string => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A passage cut from a markdown answer, without the emphasis and code marks that would show as stray symbols
 * (the cut can fall between a pair, so they are not rendered as markdown).
 */
export const plainPassage = (text: string): string => text.replace(/\*\*|__|`/g, '').replace(/^#+\s+/gm, '');

/** Splits a passage so every occurrence of a term (ignoring case) can be highlighted; longer terms win. */
export function highlightParts(text: string, terms: readonly string[]): TextPart[] {
  const usable = [...new Set(terms.map((term) => term.trim()).filter((term) => term !== ''))].sort((a, b) => b.length - a.length);
  if (usable.length === 0 || text === '') return text === '' ? [] : [{ text, highlighted: false }];
  const pattern = new RegExp(`(${usable.map(escapeForPattern).join('|')})`, 'gi');
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, highlighted: usable.some((term) => term.toLowerCase() === part.toLowerCase()) }));
}

/** One line for a comparison column: "3 mentions · Positive · rank 1 · 60% share of voice". */
export function compactSummary(mention: BrandMention): string {
  if (!mention.mentioned) return 'not mentioned';
  const count = mention.summary.totalMentions;
  const parts = [`${count} ${count === 1 ? 'mention' : 'mentions'}`, sentimentLabel(mention.sentiment), `${percentText(mention.confidence)} confidence`];
  if (mention.rank !== null && mention.competitors.length > 0) parts.push(`rank ${mention.rank}`);
  if (mention.shareOfVoice !== null && mention.competitors.length > 0) parts.push(`${percentText(mention.shareOfVoice)} share of voice`);
  return parts.join(' · ');
}
