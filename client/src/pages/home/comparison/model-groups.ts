import type { Catalogue } from '../../../api/catalogue-api.ts';
import type { ModelChoice } from '../../../catalogue/model-access.ts';
import { modelNames } from '../../../catalogue/model-names.ts';
import { choicePair } from './model-selection.ts';

export interface EngineGroup {
  engine: string;
  name: string;
  choices: ModelChoice[];
}

/** The choices under their provider, in catalogue order, keeping those whose provider or model name matches `filter`. */
export function groupByEngine(catalogue: Catalogue, choices: readonly ModelChoice[], filter: string): EngineGroup[] {
  const wanted = filter.trim().toLowerCase();
  const groups = new Map<string, EngineGroup>();
  for (const choice of choices) {
    const names = modelNames(catalogue, choicePair(choice));
    if (wanted && !`${names.engine} ${names.model} ${choice.model.id}`.toLowerCase().includes(wanted)) continue;
    const group = groups.get(choice.engine) ?? { engine: choice.engine, name: names.engine, choices: [] };
    group.choices.push(choice);
    groups.set(choice.engine, group);
  }
  return [...groups.values()];
}
