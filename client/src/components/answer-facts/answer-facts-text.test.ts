import { describe, expect, it } from 'vitest';
import { isWebAddress, sourceLabel, timingText, tokensText } from './answer-facts-text.ts';

describe('timingText', () => {
  it('reads first token and total, leaving out what is unknown', () => {
    expect(timingText(420, 2_160)).toBe('First token 0.4 s · 2.2 s total');
    expect(timingText(null, 2_000)).toBe('2.0 s total');
    expect(timingText(300, null)).toBe('First token 0.3 s');
    expect(timingText(null, null)).toBeNull();
  });
});

describe('tokensText', () => {
  const counts = (inputTokens: number | null, outputTokens: number | null, cachedTokens: number | null = null, reasoningTokens: number | null = null) => ({
    inputTokens,
    outputTokens,
    cachedTokens,
    reasoningTokens,
  });

  it('counts input and output tokens', () => {
    expect(tokensText(counts(12, 1_340))).toBe('12 in · 1,340 out tokens');
    expect(tokensText(counts(null, 5))).toBe('5 out tokens');
    expect(tokensText(counts(null, null))).toBeNull();
  });

  it('puts the cached and reasoning parts between input and output, and a reported zero too', () => {
    expect(tokensText(counts(1_200, 340, 800, 96))).toBe('1,200 in · 800 cached · 96 reasoning · 340 out tokens');
    expect(tokensText(counts(40, 12, 0, null))).toBe('40 in · 0 cached · 12 out tokens');
    expect(tokensText(counts(40, 36, null, 24))).toBe('40 in · 24 reasoning · 36 out tokens');
  });
});

describe('sourceLabel', () => {
  it('prefers the title and falls back to the host name', () => {
    expect(sourceLabel({ url: 'https://www.example.com/a', title: ' Example page ' })).toBe('Example page');
    expect(sourceLabel({ url: 'https://www.example.com/a', title: null })).toBe('example.com');
    expect(sourceLabel({ url: 'not a url', title: '' })).toBe('not a url');
  });
});

describe('isWebAddress', () => {
  it('links http and https only', () => {
    expect(isWebAddress('https://example.com')).toBe(true);
    expect(isWebAddress('http://example.com')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('nonsense')).toBe(false);
  });
});
