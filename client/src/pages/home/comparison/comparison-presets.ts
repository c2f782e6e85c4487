import { MAX_COMPARED_MODELS } from '../../../../../contract/limits.ts';
import type { Tier } from '../../../api/auth-api.ts';
import { modelLock, type ModelChoice } from '../../../catalogue/model-access.ts';
import { capSelection, choiceKey, type CappedSelection } from './model-selection.ts';

/** Spec section 2's presets, by model id. Ids may name a model family without its date suffix. */
export const COMPARISON_PRESETS = [
  { name: 'Popular', modelIds: ['gpt-4o', 'claude-sonnet-4', 'gemini-2.5-flash'] },
  { name: 'Fast', modelIds: ['gpt-4o-mini', 'claude-3-5-haiku', 'gemini-2.5-flash', 'llama-3.1-8b-instant'] },
  { name: 'Premium', modelIds: ['gpt-5', 'gpt-4.1', 'claude-opus-4-1', 'claude-3-opus-20240229', 'gemini-2.5-pro', 'o3-mini'] },
] as const;

/** `claude-3-5-haiku` names `claude-3-5-haiku-20241022`; an exact id always wins over a dated one. */
function matches(presetId: string, modelId: string): boolean {
  return modelId === presetId || new RegExp(`^${presetId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d{8}$`).test(modelId);
}

/**
 * The catalogue's models for a preset, in the preset's order. Ids this server does not offer are skipped, and so
 * are models the tier may not use, so a preset never selects something the person could not send.
 */
export function presetChoices(preset: { modelIds: readonly string[] }, choices: readonly ModelChoice[], tier: Tier): ModelChoice[] {
  const picked: ModelChoice[] = [];
  for (const presetId of preset.modelIds) {
    const exact = choices.find((choice) => choice.model.id === presetId);
    const choice = exact ?? choices.find((candidate) => matches(presetId, candidate.model.id));
    if (choice && !picked.includes(choice) && modelLock(tier, choice.model) === null) picked.push(choice);
  }
  return picked;
}

/** A preset as checklist keys, cut to the first models of the preset when it names more than a comparison may ask. */
export function presetSelection(
  preset: { modelIds: readonly string[] },
  choices: readonly ModelChoice[],
  tier: Tier,
  cap = MAX_COMPARED_MODELS,
): CappedSelection {
  return capSelection(presetChoices(preset, choices, tier).map(choiceKey), cap);
}
