import { describe, expect, it } from 'vitest';
import { isComparisonRequest, requestKind } from './request-kind.ts';

describe('requestKind', () => {
  it('takes the kind the history sends', () => {
    expect(requestKind({ kind: 'comparison', engine: 'openai' })).toBe('comparison');
    expect(requestKind({ kind: 'single', engine: 'comparison_stream' })).toBe('single');
  });

  it('falls back to the engine a server without kind recorded', () => {
    expect(requestKind({ engine: 'comparison_stream' })).toBe('comparison');
    expect(requestKind({ engine: 'comparison' })).toBe('comparison');
    expect(requestKind({ engine: 'openai' })).toBe('single');
  });

  it('answers isComparisonRequest the same way', () => {
    expect(isComparisonRequest({ kind: 'comparison', engine: 'x' })).toBe(true);
    expect(isComparisonRequest({ engine: 'anthropic' })).toBe(false);
  });
});
