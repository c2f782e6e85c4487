import type { Tier } from '../../../api/auth-api.ts';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import type { ModelPair } from '../../../api/compare-contract.ts';
import { modelLock, type ModelChoice } from '../../../catalogue/model-access.ts';

/**
 * The comparison's model checklist (spec section 3's comparison selection) as a set of keys, one per engine and
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

/** Select All: every model the tier may use. */
export function allUsableKeys(choices: readonly ModelChoice[], tier: Tier): Set<SelectionKey> {
  return new Set(choices.filter((choice) => modelLock(tier, choice.model) === null).map(choiceKey));
}

/** The checklist entries for `pairs` that this server offers and the tier may use; the rest are left out. */
export function keysFor(pairs: readonly ModelPair[], choices: readonly ModelChoice[], tier: Tier): Set<SelectionKey> {
  const wanted = new Set(pairs.map(selectionKey));
  return new Set(choices.filter((choice) => wanted.has(choiceKey(choice)) && modelLock(tier, choice.model) === null).map(choiceKey));
}

export interface ModelNames {
  engine: string;
  model: string;
}

/** Display names for a column or a checklist entry; a model the catalogue does not know shows its ids. */
export function modelNames(catalogue: Catalogue | null, pair: ModelPair): ModelNames {
  const engine = catalogue?.models[pair.engine];
  const model = engine?.models.find((candidate) => candidate.id === pair.model);
  return { engine: engine?.name ?? pair.engine, model: model?.name ?? pair.model };
}

/** Spec section 2's checklist label: "engine - model". */
export const checklistLabel = (names: ModelNames): string => `${names.engine} - ${names.model}`;
