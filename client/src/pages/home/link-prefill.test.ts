import { describe, expect, it } from 'vitest';
import { MAX_COMPARED_MODELS, QUERY_MAX_LENGTH } from '../../../../contract/limits.ts';
import { requestedModels } from './comparison/requested-models.ts';
import { linkedModels, requestFromLink } from './link-prefill.ts';

describe('a link that pre-fills the home page', () => {
  it('carries nothing without a question', () => {
    expect(requestFromLink('')).toBeNull();
    expect(requestFromLink('?q=%20%20&models=openai/gpt-4o')).toBeNull();
  });

  it('opens a comparison of the named models, in order, with web search and a brand', () => {
    const request = requestFromLink('?q=Best+CRM+for+a+small+team%3F&models=openai/gpt-4o,anthropic/claude-3-5-haiku-20241022&search=1&brand=Acme');
    expect(request).toMatchObject({
      kind: 'comparison',
      query: 'Best CRM for a small team?',
      searchEnabled: true,
      brandMonitoringEnabled: true,
      brandConfig: { brandName: 'Acme', keywords: [] },
    });
    expect(requestedModels(request!)).toEqual([
      { engine: 'openai', model: 'gpt-4o' },
      { engine: 'anthropic', model: 'claude-3-5-haiku-20241022' },
    ]);
  });

  it('opens the single view for one model, and for none', () => {
    expect(requestFromLink('?q=hi&models=groq/llama-3.1-8b-instant')).toMatchObject({ kind: 'single', engine: 'groq', model: 'llama-3.1-8b-instant' });
    expect(requestFromLink('?q=hi')).toMatchObject({ kind: 'single', engine: '', model: '', results: [] });
  });

  it('ignores malformed and repeated model ids and keeps to the comparison cap', () => {
    expect(linkedModels('openai/gpt-4o,,nonsense,openai/gpt-4o,<script>/x, gemini/gemini-2.0-flash ')).toEqual([
      { engine: 'openai', model: 'gpt-4o' },
      { engine: 'gemini', model: 'gemini-2.0-flash' },
    ]);
    const many = Array.from({ length: MAX_COMPARED_MODELS + 4 }, (_, index) => `openai/model-${index}`).join(',');
    expect(linkedModels(many)).toHaveLength(MAX_COMPARED_MODELS);
  });

  it('cuts an over-long question to what the question box takes, and reads only clear yeses as on', () => {
    const request = requestFromLink(`?q=${'a'.repeat(QUERY_MAX_LENGTH + 50)}&search=maybe`);
    expect(request!.query).toHaveLength(QUERY_MAX_LENGTH);
    expect(request!.searchEnabled).toBe(false);
    expect(request!.brandMonitoringEnabled).toBe(false);
  });
});
