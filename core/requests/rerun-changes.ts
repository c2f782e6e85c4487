import { compareAnswers } from '../../contract/answer-changes.ts';
import type { CompareApiModelResult, CompareModelChange } from '../../contract/compare-api.ts';

/**
 * What each model says differently when a comparison is asked again: the same word-by-word rule as the history's
 * "compare with the earlier run" (`contract/answer-changes.ts`), plus how its figures moved. Models come in the
 * re-run's order, then any only the earlier run had.
 */
export function rerunChanges(earlier: readonly CompareApiModelResult[], later: readonly CompareApiModelResult[]): CompareModelChange[] {
  const names = [...later, ...earlier].map((result) => result.model).filter((name, index, all) => all.indexOf(name) === index);
  return names.map((name) => modelChange(name, earlier.find((result) => result.model === name) ?? null, later.find((result) => result.model === name) ?? null));
}

const answerOf = (result: CompareApiModelResult | null): string | null => (result?.status === 'completed' ? result.answer : null);

function moved(before: number | null | undefined, after: number | null | undefined): number | null {
  return typeof before === 'number' && typeof after === 'number' ? after - before : null;
}

function modelChange(model: string, earlier: CompareApiModelResult | null, later: CompareApiModelResult | null): CompareModelChange {
  const figures = {
    time_to_first_token_ms: moved(earlier?.time_to_first_token_ms, later?.time_to_first_token_ms),
    duration_ms: moved(earlier?.duration_ms, later?.duration_ms),
    output_tokens: moved(earlier?.tokens.output, later?.tokens.output),
    credits: moved(earlier?.credits, later?.credits),
  };
  const before = answerOf(earlier);
  const after = answerOf(later);
  if (later?.status === 'answering') return { model, earlier, later, answer: 'pending', unchanged_share: null, parts: [], figures };
  if (before === null || after === null) {
    const only = before ?? after;
    const answer = only === null ? 'none' : before === null ? 'new' : 'gone';
    return { model, earlier, later, answer, unchanged_share: null, parts: only === null ? [] : [{ text: only, kind: before === null ? 'added' : 'removed' }], figures };
  }
  const { parts, unchangedShare } = compareAnswers(before, after);
  return { model, earlier, later, answer: before === after ? 'same' : 'changed', unchanged_share: unchangedShare, parts, figures };
}
