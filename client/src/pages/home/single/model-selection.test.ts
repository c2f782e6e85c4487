import { describe, expect, it } from 'vitest';
import type { Catalogue, CatalogueModel } from '../../../api/catalogue-api.ts';
import { allowedSelection } from './model-selection.ts';

const model = (id: string, freeTier: boolean, credits = 6): CatalogueModel => ({ id, name: id, description: '', webSearchSupported: false, credits, freeTier });
const catalogue: Catalogue = {
  models: {
    openai: { name: 'OpenAI', aliases: [], available: true, unavailableReason: null, models: [model('gpt-5', false, 20), model('gpt-4o-mini', true)] },
    anthropic: { name: 'Anthropic', aliases: [], available: true, unavailableReason: null, models: [model('claude-opus', false, 20)] },
    groq: { name: 'Groq', aliases: [], available: false, unavailableReason: 'No key', models: [model('llama', true, 2)] },
  },
  features: { webSearch: 2 },
};

describe('allowedSelection', () => {
  it('keeps a model the tier may use', () => {
    expect(allowedSelection(catalogue, { engine: 'openai', model: 'gpt-5' }, 'registered')).toEqual({ engine: 'openai', model: 'gpt-5' });
  });

  it('swaps a restricted model for the first allowed one of the same engine', () => {
    expect(allowedSelection(catalogue, { engine: 'openai', model: 'gpt-5' }, 'free')).toEqual({ engine: 'openai', model: 'gpt-4o-mini' });
  });

  it('falls back to the default engine when the engine has nothing allowed or is unavailable', () => {
    expect(allowedSelection(catalogue, { engine: 'anthropic', model: 'claude-opus' }, 'free')).toEqual({ engine: 'openai', model: 'gpt-4o-mini' });
    expect(allowedSelection(catalogue, { engine: 'groq', model: 'llama' }, 'free')).toEqual({ engine: 'openai', model: 'gpt-4o-mini' });
  });
});
