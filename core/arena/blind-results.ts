import { BLIND_ENGINE, type ArenaAnswer } from '../../contract/arena.ts';
import { NO_RESULT_FACTS } from '../../contract/failed-result.ts';
import type { ModelResult } from '../../contract/model-result.ts';
import type { NameMask } from './blind-text.ts';

/**
 * One answer as a player sees it before voting: named by its label, its text and failure masked, and nothing that
 * would tell the models apart by price or speed (cost, timings, tokens) or by where they looked (sources).
 */
export function blindResult(result: ModelResult, label: string, mask: NameMask): ModelResult {
  return {
    ...result,
    engine: BLIND_ENGINE,
    model: label,
    response: result.response === null ? null : mask.apply(result.response),
    error: result.error === null ? null : mask.apply(result.error),
    ...NO_RESULT_FACTS,
  };
}

/** A round's results in label order, blind or (after the vote) as they are, each with its label. */
export function labelledAnswers(results: readonly ModelResult[], labels: ReadonlyMap<string, string>, blind: NameMask | null): ArenaAnswer[] {
  return results
    .map((result) => {
      const label = labels.get(result.runId) ?? '';
      return { label, ...(blind ? blindResult(result, label, blind) : result) };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}
