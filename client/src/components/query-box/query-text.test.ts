import { describe, expect, it } from 'vitest';
import { limitQueryLength, QUERY_PLACEHOLDER } from './query-text.ts';

describe('limitQueryLength', () => {
  it('leaves text within the limit alone', () => {
    expect(limitQueryLength('a'.repeat(500))).toBe('a'.repeat(500));
  });

  it('drops whatever goes past 500 characters', () => {
    expect(limitQueryLength('a'.repeat(499) + 'bcd')).toBe('a'.repeat(499) + 'b');
  });

  it('does not cut a two-unit character in half', () => {
    expect(limitQueryLength('a'.repeat(499) + '😀')).toBe('a'.repeat(499));
    expect(limitQueryLength('abc😀', 5)).toBe('abc😀');
  });
});

describe('QUERY_PLACEHOLDER', () => {
  it('states the limit', () => {
    expect(QUERY_PLACEHOLDER).toBe('Ask me anything... (max 500 characters)');
  });
});
