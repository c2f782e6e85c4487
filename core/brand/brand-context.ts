import type { TermMatch } from './brand-matches.ts';

/** How much text either side of a mention its context shows, in characters. */
export const CONTEXT_RADIUS = 100;
/** How many passages the summary shows. */
export const SUMMARY_CONTEXTS = 3;

/** The text around a match, `CONTEXT_RADIUS` characters either side, trimmed, with … where it was cut. */
export function contextAround(text: string, match: TermMatch): string {
  const start = Math.max(0, match.start - CONTEXT_RADIUS);
  const end = Math.min(text.length, match.end + CONTEXT_RADIUS);
  const passage = text.slice(start, end).trim();
  return `${start > 0 ? '…' : ''}${passage}${end < text.length ? '…' : ''}`;
}

/**
 * Up to `SUMMARY_CONTEXTS` passages around the matches, the first one's first. A match already shown inside an
 * earlier passage does not get a passage of its own, so two mentions in one sentence give one passage.
 */
export function summaryContexts(text: string, matches: readonly TermMatch[]): string[] {
  const contexts: string[] = [];
  let shownUntil = -1;
  for (const match of matches) {
    if (contexts.length === SUMMARY_CONTEXTS) break;
    if (match.start < shownUntil) continue;
    contexts.push(contextAround(text, match));
    shownUntil = Math.min(text.length, match.end + CONTEXT_RADIUS);
  }
  return contexts;
}
