import type { Tier } from '../../../api/auth-api.ts';
import type { Catalogue, CatalogueModel } from '../../../api/catalogue-api.ts';
import { modelLock, type ModelLock } from '../../../catalogue/model-access.ts';
import { ownEntry } from '../../../catalogue/own-entry.ts';

export const DEFAULT_ENGINE = 'openai';
/** Signed-in people start on the everyday balanced model; guests on the budget one, the best OpenAI model open to them. */
export const DEFAULT_MODEL = 'gpt-4o-mini';
export const GUEST_DEFAULT_MODEL = 'gpt-3.5-turbo';

export interface ModelSelection {
  engine: string;
  model: string;
}

/** Where the single view starts (and New Search returns): never on a model the tier would find locked. */
export function defaultSelection(tier: Tier): ModelSelection {
  return { engine: DEFAULT_ENGINE, model: tier === 'free' ? GUEST_DEFAULT_MODEL : DEFAULT_MODEL };
}

export function findModel(catalogue: Catalogue, selection: ModelSelection): CatalogueModel | undefined {
  return ownEntry(catalogue.models, selection.engine)?.models.find((model) => model.id === selection.model);
}

/** The first model of `engine` the tier may use, if any. */
export function firstAllowedModel(catalogue: Catalogue, engine: string, tier: Tier): CatalogueModel | undefined {
  return ownEntry(catalogue.models, engine)?.models.find((model) => modelLock(tier, model) === null);
}

/**
 * What stands between the tier and every model of `engine`: null when at least one model is open to it, else the
 * lock to lift (Register for a guest, Premium for a registered user), to say why nothing can be asked there yet.
 */
export function engineLock(catalogue: Catalogue, engine: string, tier: Tier): ModelLock | null {
  const models = ownEntry(catalogue.models, engine)?.models ?? [];
  if (models.length === 0 || firstAllowedModel(catalogue, engine, tier)) return null;
  return models.some((model) => modelLock(tier, model) === 'Register') ? 'Register' : 'Premium';
}

/**
 * A restricted model (say, after signing out) is swapped for the first allowed one of the same engine. An available engine
 * with nothing this tier may use keeps its place with no model chosen, so a guest can look through every engine's
 * models (locked ones show what registering unlocks). Only an engine the server cannot run falls back to the
 * default. Returns the selection unchanged when it is allowed (or when nothing is known yet).
 */
export function allowedSelection(catalogue: Catalogue, selection: ModelSelection, tier: Tier): ModelSelection {
  const model = findModel(catalogue, selection);
  const engine = ownEntry(catalogue.models, selection.engine);
  if (model && engine?.available && modelLock(tier, model) === null) return selection;
  if (engine?.available) {
    const sameEngine = firstAllowedModel(catalogue, selection.engine, tier);
    return { engine: selection.engine, model: sameEngine?.id ?? '' };
  }
  const fallback = ownEntry(catalogue.models, DEFAULT_ENGINE)?.available ? firstAllowedModel(catalogue, DEFAULT_ENGINE, tier) : undefined;
  if (fallback) return { engine: DEFAULT_ENGINE, model: fallback.id };
  for (const [engineId, entry] of Object.entries(catalogue.models)) {
    const allowed = entry.available ? firstAllowedModel(catalogue, engineId, tier) : undefined;
    if (allowed) return { engine: engineId, model: allowed.id };
  }
  return selection;
}
