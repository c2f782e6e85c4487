import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../api/catalogue-api.ts';
import { displayNames } from './display-names.ts';

const catalogue = {
  models: {
    openai: { name: 'OpenAI', aliases: [], available: true, unavailableReason: null, models: [{ id: 'gpt-4o', name: 'GPT-4o', description: '', webSearchSupported: true, credits: 12, freeTier: false }] },
  },
} as unknown as Catalogue;

describe('display names', () => {
  it('names engines and models as the catalogue does, and never shows a lower-case engine id', () => {
    expect(displayNames(catalogue, { engine: 'openai', model: 'gpt-4o' })).toEqual({ engine: 'OpenAI', model: 'GPT-4o' });
    expect(displayNames(catalogue, { engine: 'openai', model: 'gpt-retired' })).toEqual({ engine: 'OpenAI', model: 'gpt-retired' });
    expect(displayNames(null, { engine: 'groq', model: 'llama' })).toEqual({ engine: 'Groq', model: 'llama' });
  });
});
