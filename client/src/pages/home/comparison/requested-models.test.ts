import { describe, expect, it } from 'vitest';
import { requestedModels } from './requested-models.ts';

describe('requestedModels', () => {
  it('reads the models from the per-model results', () => {
    const results = [
      { engine: 'openai', model: 'gpt-4o', success: true, response: 'A', error: null, creditsUsed: 12 },
      { engine: 'groq', model: 'llama-3.1-8b-instant', success: false, response: null, error: 'Busy', creditsUsed: 0 },
    ];
    expect(requestedModels({ model: 'ignored', results })).toEqual([
      { engine: 'openai', model: 'gpt-4o' },
      { engine: 'groq', model: 'llama-3.1-8b-instant' },
    ]);
  });

  it('falls back to the prefixed model list, keeping slashes inside model ids', () => {
    expect(requestedModels({ model: 'comparison:openai/gpt-4o,groq/meta-llama/llama-4-scout-17b-16e-instruct', results: [] })).toEqual([
      { engine: 'openai', model: 'gpt-4o' },
      { engine: 'groq', model: 'meta-llama/llama-4-scout-17b-16e-instruct' },
    ]);
  });

  it('skips entries it cannot read', () => {
    expect(requestedModels({ model: 'comparison:openai/,/gpt-4o,nonsense,gemini/gemini-2.5-pro' })).toEqual([
      { engine: 'gemini', model: 'gemini-2.5-pro' },
    ]);
  });
});
