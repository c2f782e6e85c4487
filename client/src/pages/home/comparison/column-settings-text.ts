import type { ColumnSettings, ModelCapabilities } from '../../../../../contract/column-settings.ts';
import { COLUMN_SETTINGS_TEXTS } from '../../../../../contract/column-settings-rules.ts';

/**
 * What a column's settings read as in its header ("Temperature 0.2 · System prompt"), and why a setting a model does
 * not take is switched off, in the words the server refuses it with. Plain functions, tested on their own.
 */
export function columnSettingsSummary(settings: ColumnSettings | undefined): string | null {
  if (!settings) return null;
  const parts: string[] = [];
  // Null is the model's own default: nothing to mention.
  if (settings.temperature !== undefined && settings.temperature !== null) parts.push(`Temperature ${settings.temperature}`);
  if ((settings.systemPrompt ?? '').trim() !== '') parts.push('System prompt');
  return parts.length > 0 ? parts.join(' · ') : null;
}

export interface SettingReasons {
  /** Why the system prompt box is off; null when the model takes one. */
  systemPrompt: string | null;
  /** Why the temperature is off; null when the model takes one. */
  temperature: string | null;
}

export function disabledSettingReasons(modelName: string, capabilities: ModelCapabilities | undefined): SettingReasons {
  if (!capabilities) {
    const unknown = `Quorum does not know which settings ${modelName} accepts`;
    return { systemPrompt: unknown, temperature: unknown };
  }
  return {
    systemPrompt: capabilities.systemPrompt ? null : COLUMN_SETTINGS_TEXTS.noSystemPrompt(modelName),
    temperature: capabilities.temperature ? null : COLUMN_SETTINGS_TEXTS.noTemperature(modelName),
  };
}

/** The settings a form's fields make: a blank prompt and an empty temperature are simply left out. */
export function settingsFromFields(systemPrompt: string, temperature: number | string, reasons: SettingReasons): ColumnSettings {
  const prompt = systemPrompt.trim();
  return {
    ...(reasons.systemPrompt === null && prompt !== '' ? { systemPrompt: prompt } : {}),
    ...(reasons.temperature === null && typeof temperature === 'number' ? { temperature } : {}),
  };
}
