import { diffWords } from 'diff';
import type { HistoryRequest } from '../../api/history-api.ts';

/** A stretch of an answer compared between two runs: in both, only in the earlier one, or only in the later one. */
export interface DifferencePart {
  text: string;
  kind: 'same' | 'removed' | 'added';
}

/** One model's answer in two runs of the same question, and how it changed. */
export interface AnswerDifference {
  engine: string;
  model: string;
  /** The answer each run stands by; null where the model was not asked or gave none. */
  earlier: string | null;
  later: string | null;
  parts: DifferencePart[];
  /** Words kept over the longer answer's words, 0 to 1; null unless both runs have an answer. */
  unchangedShare: number | null;
}

const answerOf = (request: HistoryRequest, engine: string, model: string): string | null => {
  const result = request.results.find((candidate) => candidate.engine === engine && candidate.model === model);
  return result?.success && result.response ? result.response : null;
};

/** Words only: the diff keeps punctuation apart, and a full stop is not a word kept. */
const wordCount = (text: string) => (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;

/** Two answers word by word: what stayed, what went, what came. */
export function compareAnswers(earlier: string, later: string): { parts: DifferencePart[]; unchangedShare: number } {
  const parts: DifferencePart[] = diffWords(earlier, later).map((change) => ({ text: change.value, kind: change.added ? 'added' : change.removed ? 'removed' : 'same' }));
  const kept = parts.filter((part) => part.kind === 'same').reduce((sum, part) => sum + wordCount(part.text), 0);
  const longest = Math.max(wordCount(earlier), wordCount(later));
  return { parts, unchangedShare: longest === 0 ? 1 : kept / longest };
}

/**
 * Every model of two runs of one question, the later run's models first (in its order), then any asked only the
 * first time; each with its two answers and their word-by-word differences.
 */
export function answerDifferences(earlier: HistoryRequest, later: HistoryRequest): AnswerDifference[] {
  const models = [...later.results, ...earlier.results].filter(
    (result, index, all) => all.findIndex((other) => other.engine === result.engine && other.model === result.model) === index,
  );
  return models.map(({ engine, model }) => {
    const before = answerOf(earlier, engine, model);
    const after = answerOf(later, engine, model);
    if (before === null || after === null) {
      const only = before ?? after;
      return { engine, model, earlier: before, later: after, parts: only === null ? [] : [{ text: only, kind: before === null ? 'added' : 'removed' }], unchangedShare: null };
    }
    return { engine, model, earlier: before, later: after, ...compareAnswers(before, after) };
  });
}
