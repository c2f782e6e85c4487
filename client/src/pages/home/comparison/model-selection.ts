import { MAX_COMPARED_MODELS } from '../../../../../contract/limits.ts';
import type { Tier } from '../../../api/auth-api.ts';
import type { ModelPair } from '../../../../../contract/ask.ts';
import { modelLock, type ModelChoice } from '../../../catalogue/model-access.ts';
import type { ModelNames } from '../../../catalogue/model-names.ts';

/**
 * The comparison's model checklist as a set of keys, one per engine and
 * model, with the helpers that turn presets, re-runs and resumed requests into a selection.
 */

export type SelectionKey = string;

/** Engine ids never hold a slash, so the key stays readable and unique even for ids like `meta-llama/llama-4…`. */
export const selectionKey = (pair: ModelPair): SelectionKey => `${pair.engine}/${pair.model}`;

export const choicePair = (choice: ModelChoice): ModelPair => ({ engine: choice.engine, model: choice.model.id });

export const choiceKey = (choice: ModelChoice): SelectionKey => selectionKey(choicePair(choice));

/** The checked models, in catalogue order (the order the request sends them and the columns show them). */
export function selectedChoices(choices: readonly ModelChoice[], selected: ReadonlySet<SelectionKey>): ModelChoice[] {
  return choices.filter((choice) => selected.has(choiceKey(choice)));
}

/** Said when a selection would go past the cap: Select All or a preset kept only the first models. */
export const CAP_TRIMMED_MESSAGE = `You can compare at most ${MAX_COMPARED_MODELS} models at once — the first ${MAX_COMPARED_MODELS} are selected.`;
/** Said when one more box is ticked at the cap: the box stays unticked. */
export const CAP_REFUSED_MESSAGE = `You can compare at most ${MAX_COMPARED_MODELS} models at once — untick one to add another.`;

/** A selection after the models-per-comparison cap, and whether the cap left models out. */
export interface CappedSelection {
  keys: Set<SelectionKey>;
  trimmed: boolean;
}

/** Keeps the first `cap` keys, in the order given; the server refuses a comparison of more. */
export function capSelection(keys: Iterable<SelectionKey>, cap = MAX_COMPARED_MODELS): CappedSelection {
  const unique = [...new Set(keys)];
  return { keys: new Set(unique.slice(0, cap)), trimmed: unique.length > cap };
}

/** Select All: the models the tier may use, the first ones in list order when there are more than the cap. */
export function allUsableKeys(choices: readonly ModelChoice[], tier: Tier, cap = MAX_COMPARED_MODELS): CappedSelection {
  return capSelection(
    choices.filter((choice) => modelLock(tier, choice.model) === null).map(choiceKey),
    cap,
  );
}

/** One box ticked or unticked. Ticking one more at the cap is refused, leaving the selection as it was. */
export function toggleKey(
  selected: ReadonlySet<SelectionKey>,
  key: SelectionKey,
  checked: boolean,
  cap = MAX_COMPARED_MODELS,
): { keys: Set<SelectionKey>; refused: boolean } {
  const keys = new Set(selected);
  if (!checked) {
    keys.delete(key);
    return { keys, refused: false };
  }
  if (!keys.has(key) && keys.size >= cap) return { keys, refused: true };
  keys.add(key);
  return { keys, refused: false };
}

/** The checklist entries for `pairs` that this server offers and the tier may use; the rest are left out. */
export function keysFor(pairs: readonly ModelPair[], choices: readonly ModelChoice[], tier: Tier): Set<SelectionKey> {
  const wanted = new Set(pairs.map(selectionKey));
  return new Set(choices.filter((choice) => wanted.has(choiceKey(choice)) && modelLock(tier, choice.model) === null).map(choiceKey));
}

/** The checklist's label: "engine - model". */
export const checklistLabel = (names: ModelNames): string => `${names.engine} - ${names.model}`;
