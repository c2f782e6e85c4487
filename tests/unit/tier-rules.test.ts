import { describe, expect, it } from 'vitest';
import type { CatalogueModel } from '../../core/catalogue/model-catalogue.ts';
import { tierRefusal } from '../../core/credits/tier-rules.ts';

const model = (credits: number): CatalogueModel => ({
  id: `m${credits}`,
  name: 'M',
  description: '',
  webSearchSupported: true,
  credits,
  freeTier: credits < 6,
  capabilities: { systemPrompt: true, cachedTokens: false, reasoningTokens: false },
});
/** `charged` is what the run costs with add-ons, when it differs from the model's price. */
const request = (runs: { credits: number; charged?: number }[], extra: Partial<{ comparison: boolean; searchEnabled: boolean; brandMonitoringEnabled: boolean }> = {}) => ({
  runs: runs.map((run) => ({ model: model(run.credits), credits: run.charged ?? run.credits })),
  comparison: false,
  searchEnabled: false,
  brandMonitoringEnabled: false,
  ...extra,
});

describe('tier rules', () => {
  it('keeps comparison, web search, brand monitoring and non-budget models for registered users', () => {
    expect(tierRefusal('free', request([{ credits: 3 }], { comparison: true }))).toBe('Register for free to unlock this feature.');
    expect(tierRefusal('free', request([{ credits: 3 }], { searchEnabled: true }))).toBe('Register for web search');
    expect(tierRefusal('free', request([{ credits: 3 }], { brandMonitoringEnabled: true }))).toBe('Brand monitoring requires registration');
    expect(tierRefusal('registered', request([{ credits: 6 }, { credits: 20 }], { comparison: true, searchEnabled: true }))).toBeUndefined();
  });

  it('opens to guests exactly the models below 6 credits', () => {
    expect(tierRefusal('free', request([{ credits: 5 }]))).toBeUndefined();
    expect(tierRefusal('free', request([{ credits: 0 }]))).toBeUndefined();
    expect(tierRefusal('free', request([{ credits: 6 }]))).toBe('Register for free to unlock this feature.');
    expect(tierRefusal('free', request([{ credits: 2 }, { credits: 8 }]))).toBe('Register for free to unlock this feature.');
  });

  it('caps what each model may cost in one request: 15, 30, 50', () => {
    expect(tierRefusal('free', request([{ credits: 5, charged: 15 }]))).toBeUndefined();
    expect(tierRefusal('free', request([{ credits: 5, charged: 16 }]))).toBe('Register for free to unlock this feature.');
    expect(tierRefusal('registered', request([{ credits: 30 }, { credits: 30 }]))).toBeUndefined();
    expect(tierRefusal('registered', request([{ credits: 31 }]))).toBe('Upgrade to premium to access all models.');
    expect(tierRefusal('subscribed', request([{ credits: 50 }]))).toBeUndefined();
    expect(tierRefusal('subscribed', request([{ credits: 51 }]))).toBe('Upgrade to premium to access all models.');
  });
});
