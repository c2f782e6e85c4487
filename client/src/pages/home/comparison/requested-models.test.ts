import { describe, expect, it } from 'vitest';
import type { HistoryRequest } from '../../../api/history-api.ts';
import { requestedModels } from './requested-models.ts';

describe('requestedModels', () => {
  it('reads the models from the per-model results, in order, keeping slashes inside model ids', () => {
    const results = [
      { engine: 'openai', model: 'gpt-4o', success: true, response: 'A', error: null, creditsUsed: 12 },
      { engine: 'groq', model: 'meta-llama/llama-4-scout-17b-16e-instruct', success: false, response: null, error: 'Busy', creditsUsed: 0 },
    ] as unknown as HistoryRequest['results'];
    expect(requestedModels({ results })).toEqual([
      { engine: 'openai', model: 'gpt-4o' },
      { engine: 'groq', model: 'meta-llama/llama-4-scout-17b-16e-instruct' },
    ]);
  });

  it('gives no models for a comparison without results', () => {
    expect(requestedModels({ results: [] })).toEqual([]);
  });
});
