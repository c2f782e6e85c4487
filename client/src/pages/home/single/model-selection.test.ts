import { describe, expect, it } from 'vitest';
import type { Catalogue, CatalogueModel } from '../../../api/catalogue-api.ts';
import { allowedSelection, defaultSelection, engineLock, findModel } from './model-selection.ts';
import { modelLock } from '../../../catalogue/model-access.ts';

const model = (id: string, credits: number): CatalogueModel => ({ id, name: id, description: '', webSearchSupported: false, credits, freeTier: credits < 6, capabilities: { systemPrompt: true, cachedTokens: false, reasoningTokens: false } });
const catalogue: Catalogue = {
  models: {
    openai: { name: 'OpenAI', aliases: [], available: true, unavailableReason: null, models: [model('gpt-5', 20), model('gpt-4o-mini', 6), model('gpt-3.5-turbo', 3)] },
    anthropic: { name: 'Anthropic', aliases: [], available: true, unavailableReason: null, models: [model('claude-opus', 20), model('claude-haiku', 6)] },
    groq: { name: 'Groq', aliases: [], available: false, unavailableReason: 'No key', models: [model('llama', 2)] },
  },
  features: { webSearch: 2 },
};

describe('defaultSelection', () => {
  it('starts every tier on a model it may use: the budget one for guests', () => {
    for (const tier of ['free', 'registered', 'subscribed'] as const) {
      const start = defaultSelection(tier);
      expect(modelLock(tier, findModel(catalogue, start)!)).toBeNull();
      expect(allowedSelection(catalogue, start, tier)).toEqual(start);
    }
    expect(defaultSelection('free').model).toBe('gpt-3.5-turbo');
    expect(defaultSelection('registered').model).toBe('gpt-4o-mini');
  });
});

describe('allowedSelection', () => {
  it('keeps a model the tier may use', () => {
    expect(allowedSelection(catalogue, { engine: 'openai', model: 'gpt-5' }, 'registered')).toEqual({ engine: 'openai', model: 'gpt-5' });
  });

  it('swaps a restricted model for the first allowed one of the same engine (a tier change such as signing out)', () => {
    expect(allowedSelection(catalogue, { engine: 'openai', model: 'gpt-5' }, 'free')).toEqual({ engine: 'openai', model: 'gpt-3.5-turbo' });
  });

  it('keeps an available engine with nothing allowed, with no model chosen, so a guest can look through it', () => {
    expect(allowedSelection(catalogue, { engine: 'anthropic', model: '' }, 'free')).toEqual({ engine: 'anthropic', model: '' });
    // Signed out while a locked model was chosen: the engine stays, the locked model goes.
    expect(allowedSelection(catalogue, { engine: 'anthropic', model: 'claude-opus' }, 'free')).toEqual({ engine: 'anthropic', model: '' });
  });

  it('picks the first allowed model when an engine is opened without one', () => {
    expect(allowedSelection(catalogue, { engine: 'anthropic', model: '' }, 'registered')).toEqual({ engine: 'anthropic', model: 'claude-opus' });
  });

  it('falls back to the default engine only when the engine cannot run or is unknown', () => {
    expect(allowedSelection(catalogue, { engine: 'groq', model: 'llama' }, 'free')).toEqual({ engine: 'openai', model: 'gpt-3.5-turbo' });
    expect(allowedSelection(catalogue, { engine: 'retired', model: 'x' }, 'registered')).toEqual({ engine: 'openai', model: 'gpt-5' });
  });
});

describe('engineLock', () => {
  it('is null while the tier may use any of the engine’s models', () => {
    expect(engineLock(catalogue, 'openai', 'free')).toBeNull();
    expect(engineLock(catalogue, 'anthropic', 'registered')).toBeNull();
  });

  it('names the lock to lift when every model is locked', () => {
    expect(engineLock(catalogue, 'anthropic', 'free')).toBe('Register');
    const pricey: Catalogue = {
      ...catalogue,
      models: { anthropic: { ...catalogue.models.anthropic!, models: [model('claude-opus', 40)] } },
    };
    expect(engineLock(pricey, 'anthropic', 'registered')).toBe('Premium');
  });

  it('is null for an engine it does not know', () => {
    expect(engineLock(catalogue, 'retired', 'free')).toBeNull();
  });
});
