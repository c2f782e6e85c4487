import { describe, expect, it } from 'vitest';
import { isComparisonRequest } from './request-kind.ts';

describe('isComparisonRequest', () => {
  it('goes by the kind the history sends', () => {
    expect(isComparisonRequest({ kind: 'comparison' })).toBe(true);
    expect(isComparisonRequest({ kind: 'single' })).toBe(false);
  });

  it('shows an arena round as the comparison it is', () => {
    expect(isComparisonRequest({ kind: 'arena' })).toBe(true);
  });
});
