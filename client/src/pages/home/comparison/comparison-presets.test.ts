import { describe, expect, it } from 'vitest';
import type { CatalogueModel } from '../../../api/catalogue-api.ts';
import type { ModelChoice } from '../../../catalogue/model-access.ts';
import { COMPARISON_PRESETS, presetChoices, presetSelection } from './comparison-presets.ts';

function choice(engine: string, id: string, credits = 8): ModelChoice {
  const model: CatalogueModel = { id, name: id, description: '', webSearchSupported: false, credits, freeTier: credits < 6, capabilities: { systemPrompt: true, cachedTokens: false, reasoningTokens: false } };
  return { engine, model };
}

const catalogue: ModelChoice[] = [
  choice('openai', 'gpt-5', 20),
  choice('openai', 'gpt-4.1', 15),
  choice('openai', 'gpt-4o', 12),
  choice('openai', 'o3-mini', 12),
  choice('openai', 'gpt-4o-mini', 6),
  choice('anthropic', 'claude-opus-4-1-20250805', 20),
  choice('anthropic', 'claude-opus-4-20250514', 15),
  choice('anthropic', 'claude-sonnet-4-20250514', 12),
  choice('anthropic', 'claude-3-5-haiku-20241022', 6),
  choice('anthropic', 'claude-3-opus-20240229', 15),
  choice('gemini', 'gemini-2.5-pro', 15),
  choice('gemini', 'gemini-2.5-flash', 8),
  choice('groq', 'llama-3.1-8b-instant', 2),
];

const ids = (picked: ModelChoice[]) => picked.map((entry) => entry.model.id);
const preset = (name: string) => COMPARISON_PRESETS.find((entry) => entry.name === name)!;

describe('presetChoices', () => {
  it('resolves each preset against the catalogue, dated Claude ids included', () => {
    expect(ids(presetChoices(preset('Popular'), catalogue, 'subscribed'))).toEqual(['gpt-4o', 'claude-sonnet-4-20250514', 'gemini-2.5-flash']);
    expect(ids(presetChoices(preset('Fast'), catalogue, 'subscribed'))).toEqual([
      'gpt-4o-mini',
      'claude-3-5-haiku-20241022',
      'gemini-2.5-flash',
      'llama-3.1-8b-instant',
    ]);
    expect(ids(presetChoices(preset('Premium'), catalogue, 'subscribed'))).toEqual([
      'gpt-5',
      'gpt-4.1',
      'claude-opus-4-1-20250805',
      'claude-3-opus-20240229',
      'gemini-2.5-pro',
      'o3-mini',
    ]);
  });

  it('does not mistake a longer family for the one named (claude-opus-4 is not claude-opus-4-1)', () => {
    expect(ids(presetChoices({ modelIds: ['claude-opus-4'] }, catalogue, 'subscribed'))).toEqual(['claude-opus-4-20250514']);
  });

  it('skips ids the server does not offer and models the tier may not use', () => {
    const withoutGemini = catalogue.filter((entry) => entry.engine !== 'gemini');
    expect(ids(presetChoices(preset('Popular'), withoutGemini, 'subscribed'))).toEqual(['gpt-4o', 'claude-sonnet-4-20250514']);
    // Guests get only the budget models of a preset (Fast's Llama 3.1 8B, 2 credits).
    expect(ids(presetChoices(preset('Fast'), catalogue, 'free'))).toEqual(['llama-3.1-8b-instant']);
  });
});

describe('presetSelection', () => {
  it('gives the preset as checklist keys, untrimmed while it fits', () => {
    expect(presetSelection(preset('Popular'), catalogue, 'subscribed')).toEqual({
      keys: new Set(['openai/gpt-4o', 'anthropic/claude-sonnet-4-20250514', 'gemini/gemini-2.5-flash']),
      trimmed: false,
    });
  });

  it('keeps the preset’s first models when it names more than a comparison may ask', () => {
    const { keys, trimmed } = presetSelection(preset('Premium'), catalogue, 'subscribed', 4);
    expect([...keys]).toEqual(['openai/gpt-5', 'openai/gpt-4.1', 'anthropic/claude-opus-4-1-20250805', 'anthropic/claude-3-opus-20240229']);
    expect(trimmed).toBe(true);
  });

  it('holds every preset within the real cap of ten models', () => {
    const everything = { modelIds: catalogue.map((entry) => entry.model.id) };
    const { keys, trimmed } = presetSelection(everything, catalogue, 'subscribed');
    expect(keys.size).toBe(10);
    expect(trimmed).toBe(true);
    expect([...keys][0]).toBe('openai/gpt-5');
  });
});
