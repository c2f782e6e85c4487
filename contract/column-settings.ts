import * as Type from 'typebox/type';
import { fieldMessages } from './field-messages.ts';
import { SYSTEM_PROMPT_MAX_LENGTH } from './limits.ts';

/**
 * Per-column settings: what a person may tell one model of a request besides the question (a system prompt, a
 * temperature), and which of those each model accepts. The catalogue says per model what it takes; admission refuses
 * anything else with the wording in `column-settings-rules.ts`, so the page, the API and the error all speak alike.
 */

export const ColumnSettings = Type.Object(
  {
    systemPrompt: Type.Optional(
      Type.String({
        maxLength: SYSTEM_PROMPT_MAX_LENGTH,
        description: `Instructions the model reads before the conversation, at most ${SYSTEM_PROMPT_MAX_LENGTH.toLocaleString('en-US')} characters. Blank means none.`,
        ...fieldMessages({ tooLong: `A system prompt can be at most ${SYSTEM_PROMPT_MAX_LENGTH.toLocaleString('en-US')} characters` }),
      }),
    ),
    // Null is the model's default, as on `/v1`: a client that always sends the field clears it with null, never 0.
    temperature: Type.Optional(
      Type.Union([Type.Number(), Type.Null()], {
        description:
          "How freely the model samples its words; allowed only within the model's own range (`capabilities.temperature`). Null (or left out) asks with the model's own default.",
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

/**
 * The settings as admission stores them with a run and the history answers them: a blank system prompt and a null
 * temperature are gone (`normaliseColumnSettings`), so a temperature here is always a number.
 */
export const StoredColumnSettings = Type.Object(
  {
    systemPrompt: Type.Optional(Type.String({ description: 'Instructions the model read before the conversation.' })),
    temperature: Type.Optional(Type.Number({ description: 'The temperature it was asked with; absent: its own default.' })),
  },
  { additionalProperties: false },
);

export type StoredColumnSettings = Type.Static<typeof StoredColumnSettings>;

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
    images: Type.Optional(Type.Boolean({ description: 'Reads attached images (PNG, JPEG, WebP, GIF). Absent or false: a question with an image is refused for it.' })),
  },
  { description: 'Which per-column settings the model accepts and which token figures its answers report.' },
);
export type ModelCapabilities = Type.Static<typeof ModelCapabilities>;
