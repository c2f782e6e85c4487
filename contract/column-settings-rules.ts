/**
 * The rules of per-column settings as plain code (no schema library), so the browser can use them at no cost: how a
 * refused setting reads, which settings a model may be asked with, and how they are stored. The schemas that carry
 * them on the wire are in `column-settings.ts`; the longest system prompt is in `limits.ts`.
 */

export interface TemperatureRange {
  min: number;
  max: number;
}

/** One model's own settings; see `ColumnSettings` in `column-settings.ts`. */
export interface ColumnSettingsValue {
  systemPrompt?: string;
  /** Null, like leaving it out, means the model's own default. */
  temperature?: number | null;
}

/** The settings as stored: see `StoredColumnSettings` in `column-settings.ts`. */
export interface StoredColumnSettingsValue {
  systemPrompt?: string;
  temperature?: number;
}

/** What a model accepts; see `ModelCapabilities` in `column-settings.ts`. */
export interface CapabilitiesValue {
  systemPrompt: boolean;
  temperature?: TemperatureRange;
}

/** How a refused setting reads, naming the model by its display name. */
export const COLUMN_SETTINGS_TEXTS = {
  noTemperature: (model: string) => `${model} does not accept a temperature`,
  temperatureRange: (model: string, range: TemperatureRange) => `${model} accepts a temperature from ${range.min} to ${range.max}`,
  noSystemPrompt: (model: string) => `${model} does not accept a system prompt`,
} as const;

/** The first thing wrong with `settings` for a model with these capabilities, in words; null when it may have them. */
export function columnSettingsProblem(modelName: string, capabilities: CapabilitiesValue, settings: ColumnSettingsValue): string | null {
  if (settings.systemPrompt !== undefined && settings.systemPrompt.trim() !== '' && !capabilities.systemPrompt) {
    return COLUMN_SETTINGS_TEXTS.noSystemPrompt(modelName);
  }
  if (settings.temperature !== undefined && settings.temperature !== null) {
    const range = capabilities.temperature;
    if (!range) return COLUMN_SETTINGS_TEXTS.noTemperature(modelName);
    if (!Number.isFinite(settings.temperature) || settings.temperature < range.min || settings.temperature > range.max) {
      return COLUMN_SETTINGS_TEXTS.temperatureRange(modelName, range);
    }
  }
  return null;
}

/**
 * The settings as stored and sent to the provider: a blank system prompt is none, a null temperature is the model's
 * default (left out, so the provider applies its own); null when nothing is left.
 */
export function normaliseColumnSettings(settings: ColumnSettingsValue | undefined): StoredColumnSettingsValue | null {
  if (!settings) return null;
  const systemPrompt = settings.systemPrompt?.trim();
  const normalised = {
    ...(systemPrompt ? { systemPrompt } : {}),
    ...(settings.temperature !== undefined && settings.temperature !== null ? { temperature: settings.temperature } : {}),
  };
  return Object.keys(normalised).length > 0 ? normalised : null;
}
