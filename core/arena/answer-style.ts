/**
 * What an answer looks like, apart from what it says: its length in words and its markdown (headers, list items,
 * bold spans). Voters favour long, well-dressed answers whatever their content, so the style-controlled leaderboard
 * takes these out of the fit (`style-controlled-fit.ts`). Counted when a vote is stored, from the answer as written.
 */
export interface AnswerStyle {
  words: number;
  headers: number;
  listItems: number;
  bold: number;
}

/** The features in the order the fit uses them, with the names the leaderboard publishes. */
export const STYLE_FEATURES = [
  { key: 'words', name: 'Length (words)' },
  { key: 'headers', name: 'Headers' },
  { key: 'listItems', name: 'List items' },
  { key: 'bold', name: 'Bold spans' },
] as const satisfies readonly { key: keyof AnswerStyle; name: string }[];

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

export function answerStyle(text: string): AnswerStyle {
  return {
    words: count(text, /\S+/g),
    headers: count(text, /^ {0,3}#{1,6}[ \t]+\S/gm),
    listItems: count(text, /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\S/gm),
    bold: count(text, /\*\*[^*\n]+\*\*|__[^_\n]+__/g),
  };
}

/**
 * A's style minus B's, each feature as a share of both: (a − b) / (a + b), so −1 … 1 whatever the scale (0 when
 * neither has any). Twice as long is +⅓; a list against none is +1.
 */
export function styleDifference(a: AnswerStyle, b: AnswerStyle): number[] {
  return STYLE_FEATURES.map(({ key }) => (a[key] + b[key] === 0 ? 0 : (a[key] - b[key]) / (a[key] + b[key])));
}
