import type { ColumnSettings } from '../../contract/column-settings.ts';
import type { CatalogueModel } from '../../core/catalogue/model-catalogue.ts';

/**
 * The settings a `/v1` call asks its model with. OpenAI's `temperature` goes to a model that takes one (admission
 * refuses it outside that model's range, in Quorum's wording, before anything is held). A model that takes none
 * (o1, GPT-5, DeepSeek Reasoner) is asked without it: OpenAI clients and frameworks send a default temperature with
 * every call, and such a call should not fail for it. System messages need nothing here: they travel in the
 * conversation.
 */
export function openAiColumnSettings(model: CatalogueModel, temperature: number | null | undefined): ColumnSettings | undefined {
  if (temperature === null || temperature === undefined || model.capabilities.temperature === undefined) return undefined;
  return { temperature };
}
