import type { HistoryRequest } from '../../api/history-api.ts';
import { compareAnswers, type DifferencePart } from '../../../../contract/answer-changes.ts';

// The word-by-word rule is the contract's, shared with the comparison API's re-run.
export { compareAnswers, type DifferencePart };

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
