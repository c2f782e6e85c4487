import { diffWords } from 'diff';

/**
 * Two answers of one model to the same question, word by word: what stayed, what went, what came. The history's
 * "compare with the earlier run" and the comparison API's re-run both read changes through this one rule, so a
 * program and a person see the same differences. Plain code, no schema library, so the browser loads only the diff.
 */

/** A stretch of an answer compared between two runs: in both, only in the earlier one, or only in the later one. */
export interface DifferencePart {
  text: string;
  kind: 'same' | 'removed' | 'added';
}

/** Words only: the diff keeps punctuation apart, and a full stop is not a word kept. */
const wordCount = (text: string) => (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;

/** Two answers word by word, and the share of words kept over the longer answer's words (0 to 1). */
export function compareAnswers(earlier: string, later: string): { parts: DifferencePart[]; unchangedShare: number } {
  const parts: DifferencePart[] = diffWords(earlier, later).map((change) => ({ text: change.value, kind: change.added ? 'added' : change.removed ? 'removed' : 'same' }));
  const kept = parts.filter((part) => part.kind === 'same').reduce((sum, part) => sum + wordCount(part.text), 0);
  const longest = Math.max(wordCount(earlier), wordCount(later));
  return { parts, unchangedShare: longest === 0 ? 1 : kept / longest };
}
