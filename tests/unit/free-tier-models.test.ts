import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModelCatalogue } from '../../core/catalogue/model-catalogue.ts';
import { creditBand, isFreeTierModel } from '../../contract/tier-rules.ts';

const shipped = loadModelCatalogue({
  catalogueFile: path.resolve(import.meta.dirname, '../../core/catalogue/model-catalogue.json'),
  localModels: { baseUrl: 'http://127.0.0.1:1', apiKey: '', models: ['cheap-local'], credits: 5 },
});
const models = shipped.engines.flatMap((engine) => engine.models.map((model) => ({ key: `${engine.id}/${model.id}`, ...model })));

describe('the free tier is the budget band', () => {
  it('prices every free model below 6 credits', () => {
    const expensiveFree = models.filter((model) => model.freeTier && model.credits >= 6).map((model) => model.key);
    expect(expensiveFree).toEqual([]);
  });

  it('opens every model below 6 credits to the free tier', () => {
    const lockedBudget = models.filter((model) => model.credits < 6 && !model.freeTier).map((model) => model.key);
    expect(lockedBudget).toEqual([]);
  });

  it('keeps both sides of the rule in the shipped catalogue', () => {
    const free = models.filter((model) => model.freeTier).map((model) => model.key);
    expect(free).toContain('openai/gpt-3.5-turbo');
    expect(free).toContain('local/cheap-local');
    for (const locked of ['openai/gpt-4o-mini', 'openai/gpt-4.1-mini', 'deepseek/deepseek-chat', 'perplexity/sonar', 'ai-overview/google-ai-overview']) {
      expect(free).not.toContain(locked);
    }
  });

  it('draws the band edges at 6 and 12 credits', () => {
    expect([0, 5, 6, 11, 12, 20].map(creditBand)).toEqual(['Budget', 'Budget', 'Balanced', 'Balanced', 'Premium', 'Premium']);
    expect([5, 6].map(isFreeTierModel)).toEqual([true, false]);
  });
});
