import { describe, expect, it } from 'vitest';
import { buildSearchRequest, EMPTY_QUERY_MESSAGE, limitQueryLength, validateQuery } from './search-query.ts';

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

describe('validateQuery', () => {
  it('rejects empty and blank queries', () => {
    expect(validateQuery('')).toBe(EMPTY_QUERY_MESSAGE);
    expect(validateQuery(' \n\t ')).toBe(EMPTY_QUERY_MESSAGE);
    expect(validateQuery(' why? ')).toBeNull();
  });
});

describe('buildSearchRequest', () => {
  it('trims the query and asks the chosen OpenAI model without web search', () => {
    expect(buildSearchRequest('  Why is the sky blue?\n', 'gpt-4.1')).toEqual({
      query: 'Why is the sky blue?',
      model: 'openai',
      specificModel: 'gpt-4.1',
      searchEnabled: false,
    });
  });
});
