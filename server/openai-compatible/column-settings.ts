import type { ColumnSettings } from '../../contract/column-settings.ts';
import { columnSettingsProblem } from '../../contract/column-settings-rules.ts';
import type { CatalogueModel } from '../../core/catalogue/index.ts';
import { OpenAiError } from './openai-error-format.ts';

/**
 * The settings a `/v1` call asks its model with. OpenAI's `temperature` goes to a model that takes one; outside that
 * model's range it is refused here, in Quorum's wording and with `param: "temperature"` as OpenAI names the field,
 * before anything is held (admission would refuse it too, but without knowing what `/v1` calls the field). A model
 * that takes none (o1, GPT-5, DeepSeek Reasoner) is asked without it: OpenAI clients and frameworks send a default
 * temperature with every call, and such a call should not fail for it. System messages need nothing here: they
 * travel in the conversation.
 */
export function openAiColumnSettings(model: CatalogueModel, temperature: number | null | undefined): ColumnSettings | undefined {
  if (temperature === null || temperature === undefined || model.capabilities.temperature === undefined) return undefined;
  const problem = columnSettingsProblem(model.name, model.capabilities, { temperature });
  if (problem) throw new OpenAiError(400, problem, 'validation_error', 'temperature');
  return { temperature };
}
