import { useSyncExternalStore } from 'react';
import type { ColumnSettings } from '../../../../../contract/column-settings.ts';
import type { ComparedModel, ModelPair } from '../../../../../contract/ask.ts';
import { selectionKey } from './model-selection.ts';

/**
 * Each model's own settings (system prompt, temperature) as the person set them in its column, for this page's
 * life. A model with an entry is asked with it, `{}` meaning "without any"; a model without one is sent without
 * settings, and on a follow-up or a Regenerate the server then asks it the way it was asked the turn before.
 */
const settingsByModel = new Map<string, ColumnSettings>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}

export function columnSettingsOf(pair: ModelPair): ColumnSettings | undefined {
  return settingsByModel.get(selectionKey(pair));
}

export function setColumnSettings(pair: ModelPair, settings: ColumnSettings): void {
  settingsByModel.set(selectionKey(pair), settings);
  changed();
}

/** A past request put back on the page: its models are set as they were asked (none, where they had none). */
export function rememberAskedSettings(results: readonly (ModelPair & { settings: ColumnSettings | null })[]): void {
  for (const result of results) settingsByModel.set(selectionKey(result), result.settings ?? {});
  changed();
}

/** The model as a comparison body names it, with its settings when the person set any. */
export function withColumnSettings(pair: ModelPair): ComparedModel {
  const settings = columnSettingsOf(pair);
  return { engine: pair.engine, model: pair.model, ...(settings ? { settings } : {}) };
}

export function useColumnSettings(pair: ModelPair): ColumnSettings | undefined {
  const key = selectionKey(pair);
  return useSyncExternalStore(
    subscribe,
    () => settingsByModel.get(key),
    () => undefined,
  );
}

/** Whether a column's settings change anything: a system prompt or a temperature is set. */
export const hasColumnSettings = (settings: ColumnSettings | undefined): boolean =>
  Boolean(settings && ((settings.systemPrompt ?? '').trim() !== '' || (settings.temperature !== undefined && settings.temperature !== null)));
