import * as Type from 'typebox/type';
import { fieldMessages } from './field-messages.ts';

/**
 * Per-column settings: what a person may tell one model of a request besides the question (a system prompt, a
 * temperature), and which of those each model accepts. The catalogue says per model what it takes; admission refuses
 * anything else with the wording below, so the page, the API and the error all speak alike.
 */

/** The longest system prompt one column may carry. */
export const SYSTEM_PROMPT_MAX_LENGTH = 2_000;

export const ColumnSettings = Type.Object(
  {
    systemPrompt: Type.Optional(
      Type.String({
        maxLength: SYSTEM_PROMPT_MAX_LENGTH,
        description: `Instructions the model reads before the conversation, at most ${SYSTEM_PROMPT_MAX_LENGTH.toLocaleString('en-US')} characters. Blank means none.`,
        ...fieldMessages({ tooLong: `A system prompt can be at most ${SYSTEM_PROMPT_MAX_LENGTH.toLocaleString('en-US')} characters` }),
      }),
    ),
    temperature: Type.Optional(
      Type.Number({
        description: "How freely the model samples its words; allowed only within the model's own range (`capabilities.temperature`).",
        ...fieldMessages({ invalid: 'The temperature must be a number' }),
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "This model's own settings. Left out on a follow-up or a retry, the model keeps the settings it was asked with before; `{}` asks it without any.",
  },
);

export type ColumnSettings = Type.Static<typeof ColumnSettings>;

/** A temperature range a model accepts, both ends included. */
export const TemperatureRange = Type.Object({ min: Type.Number(), max: Type.Number() });
export type TemperatureRange = Type.Static<typeof TemperatureRange>;

/** What one model accepts and reports, as `GET /api/models` lists it per model. */
export const ModelCapabilities = Type.Object(
  {
    systemPrompt: Type.Boolean({ description: 'Accepts a system prompt.' }),
    temperature: Type.Optional(
      Type.Object(TemperatureRange.properties, { description: 'The temperatures it accepts, both ends included; absent when it accepts none (reasoning models).' }),
    ),
    cachedTokens: Type.Boolean({ description: 'Its answers report how many input tokens were read from the provider’s cache (`cachedTokens`).' }),
    reasoningTokens: Type.Boolean({ description: 'Its answers report how many output tokens it spent reasoning (`reasoningTokens`).' }),
  },
  { description: 'Which per-column settings the model accepts and which token figures its answers report.' },
);
export type ModelCapabilities = Type.Static<typeof ModelCapabilities>;

/** How a refused setting reads, naming the model by its display name. */
export const COLUMN_SETTINGS_TEXTS = {
  noTemperature: (model: string) => `${model} does not accept a temperature`,
  temperatureRange: (model: string, range: TemperatureRange) => `${model} accepts a temperature from ${range.min} to ${range.max}`,
  noSystemPrompt: (model: string) => `${model} does not accept a system prompt`,
} as const;

/** The first thing wrong with `settings` for a model with these capabilities, in words; null when it may have them. */
export function columnSettingsProblem(modelName: string, capabilities: ModelCapabilities, settings: ColumnSettings): string | null {
  if (settings.systemPrompt !== undefined && settings.systemPrompt.trim() !== '' && !capabilities.systemPrompt) {
    return COLUMN_SETTINGS_TEXTS.noSystemPrompt(modelName);
  }
  if (settings.temperature !== undefined) {
    const range = capabilities.temperature;
    if (!range) return COLUMN_SETTINGS_TEXTS.noTemperature(modelName);
    if (!Number.isFinite(settings.temperature) || settings.temperature < range.min || settings.temperature > range.max) {
      return COLUMN_SETTINGS_TEXTS.temperatureRange(modelName, range);
    }
  }
  return null;
}

/** The settings as stored and sent to the provider: a blank system prompt is none; null when nothing is left. */
export function normaliseColumnSettings(settings: ColumnSettings | undefined): ColumnSettings | null {
  if (!settings) return null;
  const systemPrompt = settings.systemPrompt?.trim();
  const normalised: ColumnSettings = {
    ...(systemPrompt ? { systemPrompt } : {}),
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
  };
  return Object.keys(normalised).length > 0 ? normalised : null;
}
