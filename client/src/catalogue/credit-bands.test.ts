import { describe, expect, it } from 'vitest';
import { BALANCED_MIN_CREDITS, creditBandOf, PREMIUM_MIN_CREDITS } from './credit-bands.ts';

describe('credit bands', () => {
  it('puts a model in Premium from the premium threshold, Balanced from the balanced one, Budget below', () => {
    expect(creditBandOf(PREMIUM_MIN_CREDITS).band).toBe('Premium');
    expect(creditBandOf(20).band).toBe('Premium');
    expect(creditBandOf(PREMIUM_MIN_CREDITS - 1).band).toBe('Balanced');
    expect(creditBandOf(BALANCED_MIN_CREDITS).band).toBe('Balanced');
    expect(creditBandOf(BALANCED_MIN_CREDITS - 1).band).toBe('Budget');
    expect(creditBandOf(0).band).toBe('Budget');
  });
});
