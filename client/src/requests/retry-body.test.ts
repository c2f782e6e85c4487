import { describe, expect, it } from 'vitest';
import type { CompareRequestBody } from '../../../contract/ask.ts';
import { askedModels, retryBody } from './retry-body.ts';

const gpt = { engine: 'openai', model: 'gpt-4o' };
const overview = { engine: 'ai-overview', model: 'google-ai-overview' };

describe('retryBody', () => {
  it('asks one model the comparison’s question with its web-search and brand settings', () => {
    const comparison: CompareRequestBody = {
      query: 'Q',
      models: [gpt, overview],
      searchEnabled: true,
      aiOverviewParams: { gl: 'uk', hl: 'en' },
      brandMonitoringEnabled: true,
      brandConfig: { brandName: 'Acme', keywords: ['shoes'] },
    };
    expect(retryBody(comparison, gpt)).toEqual({
      query: 'Q',
      model: 'openai',
      specificModel: 'gpt-4o',
      searchEnabled: true,
      brandMonitoringEnabled: true,
      brandConfig: { brandName: 'Acme', keywords: ['shoes'] },
    });
    expect(retryBody(comparison, overview)).toMatchObject({ model: 'ai-overview', aiOverviewParams: { gl: 'uk', hl: 'en' } });
  });

  it('keeps a follow-up’s place in the conversation and names the request whose answer it replaces', () => {
    const followUp: CompareRequestBody = { query: 'And then?', models: [gpt], followUpOf: 'parent-request' };
    expect(retryBody(followUp, gpt, 'this-request')).toMatchObject({ followUpOf: 'parent-request', retryOf: 'this-request' });
    expect(retryBody({ query: 'Q', models: [gpt] }, gpt, null)).not.toHaveProperty('retryOf');
  });
});

describe('askedModels', () => {
  it('names the one model of a single question and every model of a comparison, in order', () => {
    expect(askedModels({ query: 'Q', model: 'openai', specificModel: 'gpt-4o' })).toEqual([gpt]);
    expect(askedModels({ query: 'Q', models: [overview, gpt] })).toEqual([overview, gpt]);
  });
});
