import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import { allChoices } from '../../../catalogue/model-access.ts';
import { allUsableKeys, checklistLabel, keysFor, modelNames, selectedChoices } from './model-selection.ts';

const model = (id: string, name: string, credits: number, freeTier = false) => ({ id, name, description: '', webSearchSupported: false, credits, freeTier });

const catalogue: Catalogue = {
  features: { webSearch: 2 },
  models: {
    openai: { name: 'OpenAI', aliases: [], available: true, unavailableReason: null, models: [model('gpt-5', 'GPT-5', 20), model('gpt-4o-mini', 'GPT-4o mini', 6, true)] },
    perplexity: { name: 'Perplexity', aliases: [], available: false, unavailableReason: 'No key', models: [model('sonar', 'Sonar', 8, true)] },
    groq: { name: 'Groq', aliases: [], available: true, unavailableReason: null, models: [model('meta-llama/llama-4-scout', 'Llama 4 Scout', 6)] },
  },
};
const choices = allChoices(catalogue);

describe('model selection', () => {
  it('offers only engines this server can run, labelled "engine - model"', () => {
    expect(choices.map((choice) => checklistLabel(modelNames(catalogue, { engine: choice.engine, model: choice.model.id })))).toEqual([
      'OpenAI - GPT-5',
      'OpenAI - GPT-4o mini',
      'Groq - Llama 4 Scout',
    ]);
  });

  it('selects all the tier may use, and keeps catalogue order', () => {
    expect([...allUsableKeys(choices, 'subscribed')]).toEqual(['openai/gpt-5', 'openai/gpt-4o-mini', 'groq/meta-llama/llama-4-scout']);
    expect([...allUsableKeys(choices, 'free')]).toEqual(['openai/gpt-4o-mini']);
    const picked = selectedChoices(choices, new Set(['groq/meta-llama/llama-4-scout', 'openai/gpt-5']));
    expect(picked.map((choice) => choice.model.id)).toEqual(['gpt-5', 'meta-llama/llama-4-scout']);
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
