import { describe, expect, it } from 'vitest';
import type { CatalogueModel } from '../../core/catalogue/model-catalogue.ts';
import { tierRefusal } from '../../core/credits/tier-rules.ts';

const model = (credits: number, freeTier: boolean): CatalogueModel => ({
  id: `m${credits}`,
  name: 'M',
  description: '',
  webSearchSupported: true,
  credits,
  freeTier,
});
const request = (runs: { credits: number; freeTier?: boolean }[], extra: Partial<{ comparison: boolean; searchEnabled: boolean; brandMonitoringEnabled: boolean }> = {}) => ({
  runs: runs.map((run) => ({ model: model(run.credits, run.freeTier ?? true), credits: run.credits })),
  comparison: false,
  searchEnabled: false,
  brandMonitoringEnabled: false,
  ...extra,
});

describe('tier rules', () => {
  it('keeps comparison, web search, brand monitoring and premium models for registered users', () => {
    expect(tierRefusal('free', request([{ credits: 6 }], { comparison: true }))).toBe('Register for free to unlock this feature.');
    expect(tierRefusal('free', request([{ credits: 6 }], { searchEnabled: true }))).toBe('Register for web search');
    expect(tierRefusal('free', request([{ credits: 6 }], { brandMonitoringEnabled: true }))).toBe('Brand monitoring requires registration');
    expect(tierRefusal('free', request([{ credits: 6, freeTier: false }]))).toBe('Register for free to unlock this feature.');
    expect(tierRefusal('registered', request([{ credits: 6, freeTier: false }], { comparison: true, searchEnabled: true }))).toBeUndefined();
  });

  it('caps what each model may cost in one request: 15, 30, 50', () => {
    expect(tierRefusal('free', request([{ credits: 15 }]))).toBeUndefined();
    expect(tierRefusal('free', request([{ credits: 16 }]))).toBe('Register for free to unlock this feature.');
    expect(tierRefusal('registered', request([{ credits: 30 }, { credits: 30 }]))).toBeUndefined();
    expect(tierRefusal('registered', request([{ credits: 31 }]))).toBe('Upgrade to premium to access all models.');
    expect(tierRefusal('subscribed', request([{ credits: 50 }]))).toBeUndefined();
    expect(tierRefusal('subscribed', request([{ credits: 51 }]))).toBe('Upgrade to premium to access all models.');
  });
});
