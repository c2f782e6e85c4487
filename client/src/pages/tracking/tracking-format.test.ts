import { describe, expect, it } from 'vitest';
import { band, percentText, positionText, promptLines, rangeText, sentimentText } from './tracking-format.ts';

describe('tracking formats', () => {
  it('reads prompts one per line, trimmed, blank lines dropped, each once', () => {
    expect(promptLines(' Best CRM?\n\nBest CRM?\nCheapest CRM  \n')).toEqual(['Best CRM?', 'Cheapest CRM']);
  });

  it('writes missing numbers as a dash, not as zero', () => {
    expect(percentText(null)).toBe('—');
    expect(percentText(33.333)).toBe('33.3%');
    expect(positionText(1.25)).toBe('#1.3');
    expect(sentimentText(0.5)).toBe('+0.5 (positive)');
    expect(sentimentText(-0.4)).toBe('-0.4 (negative)');
  });

  it('carries intervals as bands, and leaves a band open where an end is unknown', () => {
    expect(band({ low: 25.4, high: 74.6 })).toEqual([25.4, 74.6]);
    expect(band({ low: null, high: 3 })).toBeUndefined();
    expect(rangeText(50, 25.4, 74.6)).toBe('50% (25.4–74.6%)');
    expect(rangeText(null, null, null)).toBe('—');
  });
});
