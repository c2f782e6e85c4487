import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import { allChoices } from '../../../catalogue/model-access.ts';
import { groupByEngine } from './model-groups.ts';

const model = (id: string, name: string) => ({ id, name, description: '', webSearchSupported: false, credits: 6, freeTier: true, capabilities: { systemPrompt: true, cachedTokens: false, reasoningTokens: false } });

const catalogue: Catalogue = {
  features: { webSearch: 2 },
  models: {
    openai: { name: 'OpenAI', aliases: [], available: true, unavailableReason: null, models: [model('gpt-5', 'GPT-5'), model('gpt-4o-mini', 'GPT-4o mini')] },
    groq: { name: 'Groq', aliases: [], available: true, unavailableReason: null, models: [model('meta-llama/llama-4-scout', 'Llama 4 Scout')] },
  },
};
const choices = allChoices(catalogue);
const shape = (filter: string) => groupByEngine(catalogue, choices, filter).map((group) => [group.name, group.choices.map((choice) => choice.model.id)]);

describe('groupByEngine', () => {
  it('puts every model under its provider, in catalogue order', () => {
    expect(shape('')).toEqual([
      ['OpenAI', ['gpt-5', 'gpt-4o-mini']],
      ['Groq', ['meta-llama/llama-4-scout']],
    ]);
  });

  it('keeps the models whose provider name, model name or id matches the filter, in any case', () => {
    expect(shape('openai')).toEqual([['OpenAI', ['gpt-5', 'gpt-4o-mini']]]);
    expect(shape(' MINI ')).toEqual([['OpenAI', ['gpt-4o-mini']]]);
    expect(shape('llama-4')).toEqual([['Groq', ['meta-llama/llama-4-scout']]]);
  });

  it('leaves no group when nothing matches', () => {
    expect(shape('claude')).toEqual([]);
  });
});
