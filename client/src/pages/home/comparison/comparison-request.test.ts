import { describe, expect, it } from 'vitest';
import { COMPARISON_VALIDATION } from '../../../components/query-box/query-text.ts';
import { buildCompareRequest, TOO_MANY_MODELS_MESSAGE, validateComparison, type SettingsFields } from './comparison-request.ts';

const plain: SettingsFields = { searchEnabled: false, brandMonitoringEnabled: false, brandConfig: null };
const ukEnglish = { gl: 'uk', hl: 'en' };
const gpt = { engine: 'openai', model: 'gpt-4o' };
const overview = { engine: 'ai-overview', model: 'google-ai-overview' };

describe('validateComparison', () => {
  it('asks for models and for a query, each in the product’s words', () => {
    expect(validateComparison('   ', 0)).toEqual({ models: COMPARISON_VALIDATION.models, query: COMPARISON_VALIDATION.query });
    expect(COMPARISON_VALIDATION).toEqual({ models: 'Please select at least one model to compare', query: 'Please enter a query' });
    expect(validateComparison('Why?', 3)).toEqual({ models: null, query: null });
  });

  it('refuses more models than the server compares at once', () => {
    expect(validateComparison('Why?', 10).models).toBeNull();
    expect(validateComparison('Why?', 11).models).toBe(TOO_MANY_MODELS_MESSAGE);
  });
});

describe('buildCompareRequest', () => {
  it('trims the query and sends the settings, without AI Overview params when that engine is not asked', () => {
    expect(buildCompareRequest('  Why is the sky blue? ', [gpt], { ...plain, searchEnabled: true }, ukEnglish)).toEqual({
      query: 'Why is the sky blue?',
      models: [gpt],
      searchEnabled: true,
      brandMonitoringEnabled: false,
    });
  });

  it('adds the AI Overview params and the brand when they apply', () => {
    const brandConfig = { brandName: 'Acme', keywords: ['rockets'] };
    const request = buildCompareRequest('Q', [gpt, overview], { searchEnabled: false, brandMonitoringEnabled: true, brandConfig }, ukEnglish);
    expect(request).toMatchObject({ aiOverviewParams: { gl: 'uk', hl: 'en' }, brandMonitoringEnabled: true, brandConfig });
  });

  it('sends no brand when monitoring is off', () => {
    const request = buildCompareRequest('Q', [gpt], { ...plain, brandConfig: { brandName: 'Acme', keywords: [] } }, ukEnglish);
    expect(request.brandMonitoringEnabled).toBe(false);
    expect(request).not.toHaveProperty('brandConfig');
  });
});
