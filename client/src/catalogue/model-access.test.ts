import { describe, expect, it, vi } from 'vitest';
import type { CatalogueModel } from '../api/catalogue-api.ts';
import type { Pricing } from '../api/credits-api.ts';
import { creditsText, isAffordable, modelLock, requestCost, webSearchAvailability, type ModelChoice } from './model-access.ts';

const model = (overrides: Partial<CatalogueModel>): CatalogueModel => ({
  id: 'gpt-4o-mini',
  name: 'GPT-4o mini',
  description: '',
  webSearchSupported: true,
  credits: 6,
  freeTier: false,
  capabilities: { systemPrompt: true, cachedTokens: false, reasoningTokens: false },
  ...overrides,
});
const pricing: Pricing = { models: { openai: { 'gpt-4o': 12, 'gpt-4o-mini': 6 } }, features: { webSearch: 2, streaming: 0, brandMonitoring: 0 } };

describe('model locks', () => {
  it('locks every model from 6 credits for guests with Register, and nothing for registered users within their cap', () => {
    expect(modelLock('free', model({}))).toBe('Register');
    expect(modelLock('free', model({ id: 'gpt-3.5-turbo', credits: 5, freeTier: true }))).toBeNull();
    expect(modelLock('registered', model({ credits: 20 }))).toBeNull();
  });

  it('shows Premium when a model costs more than the tier may spend on one model', () => {
    expect(modelLock('registered', model({ credits: 31 }))).toBe('Premium');
    expect(modelLock('subscribed', model({ credits: 31 }))).toBeNull();
  });
});

describe('web search availability', () => {
  const openai: ModelChoice = { engine: 'openai', model: model({}) };
  const claude: ModelChoice = { engine: 'anthropic', model: model({ id: 'claude', webSearchSupported: true }) };

  it('follows the product’s order: Register, No Models, Not Supported, then enabled', () => {
    expect(webSearchAvailability('free', [openai], false, true)).toEqual({ enabled: false, badge: 'Register', reason: 'Register for web search' });
    expect(webSearchAvailability('registered', [], false, false).badge).toBe('No Models');
    expect(webSearchAvailability('registered', [claude], false, true).reason).toBe("This model doesn't support web search");
    expect(webSearchAvailability('registered', [openai, claude], false, false).reason).toBe("Selected models don't support web search");
    expect(webSearchAvailability('registered', [openai], true, true)).toEqual({ enabled: true, badge: 'Active', reason: null });
    expect(webSearchAvailability('registered', [openai], false, true).badge).toBeNull();
  });
});

describe('cost and affordability', () => {
  it('adds the web search price per model', () => {
    const choices = [
      { engine: 'openai', modelId: 'gpt-4o' },
      { engine: 'openai', modelId: 'gpt-4o-mini' },
    ];
    expect(requestCost(pricing, choices, false)).toBe(18);
    expect(requestCost(pricing, choices, true)).toBe(22);
  });

  it('counts an unpriced model as zero and says so in the log', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(requestCost(pricing, [{ engine: 'openai', modelId: 'unknown' }], false)).toBe(0);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('is affordable only with a price list and enough credits', () => {
    expect(isAffordable(10, pricing, 10)).toBe(true);
    expect(isAffordable(9, pricing, 10)).toBe(false);
    expect(isAffordable(0, pricing, 0)).toBe(true);
    expect(isAffordable(100, null, 0)).toBe(false);
  });

  it('writes credit counts in singular and plural', () => {
    expect(creditsText(1)).toBe('1 credit');
    expect(creditsText(0)).toBe('0 credits');
    expect(creditsText(12)).toBe('12 credits');
    expect(creditsText(1_000_000)).toBe('1,000,000 credits');
  });
});
