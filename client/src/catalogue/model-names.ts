import type { ModelPair } from '../../../contract/ask.ts';
import type { Catalogue } from '../api/catalogue-api.ts';
import { ownEntry } from './own-entry.ts';

/** An engine's and a model's names as the home page's columns and checklist show them. */
export interface ModelNames {
  engine: string;
  model: string;
}

/**
 * Display names for a column or a checklist entry; a model the catalogue does not know shows its ids. Apart from
 * the comparison's selection helpers, so the single view does not load them.
 */
export function modelNames(catalogue: Catalogue | null, pair: ModelPair): ModelNames {
  const engine = ownEntry(catalogue?.models, pair.engine);
  const model = engine?.models.find((candidate) => candidate.id === pair.model);
  return { engine: engine?.name ?? pair.engine, model: model?.name ?? pair.model };
}
