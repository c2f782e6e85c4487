import { describe, expect, it } from 'vitest';
import { chartRow, percentText, positionText, promptLines, sentimentText } from './tracking-format.ts';

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
    expect(chartRow('a', { visibility: null, shareOfVoice: 40, averagePosition: null, sentiment: 0, answers: 2, failed: 0 })).toEqual({
      label: 'a',
      visibility: undefined,
      shareOfVoice: 40,
      averagePosition: undefined,
      sentiment: 0,
    });
  });
});
