import type { Catalogue } from '../api/catalogue-api.ts';
import { useCatalogue } from '../app-state/catalogue-context.tsx';
import { ownEntry } from './own-entry.ts';

export interface DisplayNames {
  engine: string;
  model: string;
}

/**
 * An engine's and a model's names as people read them ("OpenAI", "GPT-4o"), never the ids the server stores
 * ("openai", "gpt-4o"). A model the catalogue no longer lists keeps its id; an engine it no longer lists gets its
 * id with a capital, so a lower-case id is never shown either way.
 */
export function displayNames(catalogue: Catalogue | null, pair: { engine: string; model: string }): DisplayNames {
  const engine = ownEntry(catalogue?.models, pair.engine);
  const model = engine?.models.find((candidate) => candidate.id === pair.model);
  return { engine: engine?.name ?? capitalised(pair.engine), model: model?.name ?? pair.model };
}

function capitalised(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

/** `displayNames` over the shared catalogue, for views outside the home page. */
export function useDisplayNames(): (pair: { engine: string; model: string }) => DisplayNames {
  const { catalogue } = useCatalogue();
  return (pair) => displayNames(catalogue, pair);
}
