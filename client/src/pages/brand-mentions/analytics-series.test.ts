import { describe, expect, it } from 'vitest';
import type { BrandAnalytics } from '../../../../contract/brand.ts';
import { dailyRates, mentionRate, modelRates, rateText, sentimentSlices, shareOfVoice, trendDisplay } from './analytics-series.ts';

describe('rates', () => {
  it('states a rate with one decimal', () => {
    expect(rateText(42.857)).toBe('42.9%');
    expect(rateText(0)).toBe('0.0%');
    expect(rateText(100)).toBe('100.0%');
  });

  it('divides mentions by answers as a percentage, and is 0 with nothing analysed', () => {
    expect(mentionRate(3, 7)).toBe(42.9);
    expect(mentionRate(0, 0)).toBe(0);
    expect(mentionRate(2, 2)).toBe(100);
  });

  it('turns the daily series into a rate per day, leaving days without answers as gaps rather than 0%', () => {
    expect(dailyRates([{ date: '2026-01-01', answers: 4, mentions: 1 }, { date: '2026-01-02', answers: 0, mentions: 0 }])).toEqual([
      { date: '2026-01-01', rate: 25 },
      { date: '2026-01-02', rate: null },
    ]);
  });

  it('ranks models by mention rate', () => {
    expect(
      modelRates([
        { engine: 'openai', model: 'gpt', answers: 4, mentions: 1 },
        { engine: 'anthropic', model: 'haiku', answers: 2, mentions: 2 },
      ]).map((entry) => [entry.model, entry.rate]),
    ).toEqual([
      ['haiku', 100],
      ['gpt', 25],
    ]);
  });
});

describe('share of voice and sentiment', () => {
  it('gives each brand its share of all mentions, most first', () => {
    expect(shareOfVoice([{ name: 'Globex', mentions: 1 }, { name: 'Acme', mentions: 2 }])).toEqual([
      { name: 'Acme', mentions: 2, share: 66.7 },
      { name: 'Globex', mentions: 1, share: 33.3 },
    ]);
    expect(shareOfVoice([{ name: 'Acme', mentions: 0 }])[0]!.share).toBe(0);
  });

  it('leaves empty sentiment slices out', () => {
    const brand = { positiveMentions: 2, neutralMentions: 0, negativeMentions: 1 } as BrandAnalytics;
    expect(sentimentSlices(brand).map((slice) => [slice.name, slice.value])).toEqual([
      ['Positive', 2],
      ['Negative', 1],
    ]);
  });

  it('colours the trend: up green, down red, otherwise calm', () => {
    expect(trendDisplay('up').colour).toBe('green');
    expect(trendDisplay('down').colour).toBe('red');
    expect(trendDisplay('neutral').colour).toBe('gray');
  });
});
