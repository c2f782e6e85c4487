import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import { allChoices } from '../../../catalogue/model-access.ts';
import { modelNames } from '../../../catalogue/model-names.ts';
import { allUsableKeys, CAP_REFUSED_MESSAGE, CAP_TRIMMED_MESSAGE, capSelection, checklistLabel, keysFor, selectedChoices, toggleKey } from './model-selection.ts';

const model = (id: string, name: string, credits: number) => ({ id, name, description: '', webSearchSupported: false, credits, freeTier: credits < 6, capabilities: { systemPrompt: true, cachedTokens: false, reasoningTokens: false } });

const catalogue: Catalogue = {
  features: { webSearch: 2 },
  models: {
    openai: { name: 'OpenAI', aliases: [], available: true, unavailableReason: null, models: [model('gpt-5', 'GPT-5', 20), model('gpt-4o-mini', 'GPT-4o mini', 6), model('gpt-3.5-turbo', 'GPT-3.5 Turbo', 3)] },
    perplexity: { name: 'Perplexity', aliases: [], available: false, unavailableReason: 'No key', models: [model('sonar', 'Sonar', 8)] },
    groq: { name: 'Groq', aliases: [], available: true, unavailableReason: null, models: [model('meta-llama/llama-4-scout', 'Llama 4 Scout', 6)] },
  },
};
const choices = allChoices(catalogue);

describe('model selection', () => {
  it('offers only engines this server can run, labelled "engine - model"', () => {
    expect(choices.map((choice) => checklistLabel(modelNames(catalogue, { engine: choice.engine, model: choice.model.id })))).toEqual([
      'OpenAI - GPT-5',
      'OpenAI - GPT-4o mini',
      'OpenAI - GPT-3.5 Turbo',
      'Groq - Llama 4 Scout',
    ]);
  });

  it('selects all the tier may use, and keeps catalogue order', () => {
    expect(allUsableKeys(choices, 'subscribed')).toEqual({
      keys: new Set(['openai/gpt-5', 'openai/gpt-4o-mini', 'openai/gpt-3.5-turbo', 'groq/meta-llama/llama-4-scout']),
      trimmed: false,
    });
    expect([...allUsableKeys(choices, 'free').keys]).toEqual(['openai/gpt-3.5-turbo']);
    const picked = selectedChoices(choices, new Set(['groq/meta-llama/llama-4-scout', 'openai/gpt-5']));
    expect(picked.map((choice) => choice.model.id)).toEqual(['gpt-5', 'meta-llama/llama-4-scout']);
  });

  it('selects only the first models in list order when there are more than the cap, and says so', () => {
    const capped = allUsableKeys(choices, 'subscribed', 2);
    expect([...capped.keys]).toEqual(['openai/gpt-5', 'openai/gpt-4o-mini']);
    expect(capped.trimmed).toBe(true);
  });

  it('names the cap of ten in its messages', () => {
    expect(CAP_TRIMMED_MESSAGE).toBe('You can compare at most 10 models at once — the first 10 are selected.');
    expect(CAP_REFUSED_MESSAGE).toMatch(/^You can compare at most 10 models at once/);
  });

  it('caps any list of keys, ignoring repeats', () => {
    const keys = Array.from({ length: 12 }, (_, index) => `engine/model-${index}`);
    const capped = capSelection([...keys, keys[0]!]);
    expect(capped.keys.size).toBe(10);
    expect([...capped.keys].at(-1)).toBe('engine/model-9');
    expect(capped.trimmed).toBe(true);
    expect(capSelection(keys.slice(0, 10)).trimmed).toBe(false);
  });

  it('refuses one more ticked box at the cap, and always allows unticking', () => {
    const full = new Set(['a/1', 'a/2']);
    expect(toggleKey(full, 'a/3', true, 2)).toEqual({ keys: full, refused: true });
    expect(toggleKey(full, 'a/2', true, 2)).toEqual({ keys: full, refused: false });
    expect(toggleKey(full, 'a/1', false, 2)).toEqual({ keys: new Set(['a/2']), refused: false });
    expect(toggleKey(new Set(['a/1']), 'a/3', true, 2)).toEqual({ keys: new Set(['a/1', 'a/3']), refused: false });
  });

  it('turns requested pairs into a selection, leaving out what is not offered', () => {
    const keys = keysFor(
      [
        { engine: 'openai', model: 'gpt-5' },
        { engine: 'perplexity', model: 'sonar' },
        { engine: 'openai', model: 'retired-model' },
      ],
      choices,
      'registered',
    );
    expect([...keys]).toEqual(['openai/gpt-5']);
  });

  it('falls back to ids for a model the catalogue does not know', () => {
    expect(modelNames(catalogue, { engine: 'mystery', model: 'm-1' })).toEqual({ engine: 'mystery', model: 'm-1' });
    expect(modelNames(null, { engine: 'openai', model: 'gpt-5' })).toEqual({ engine: 'openai', model: 'gpt-5' });
  });
});
