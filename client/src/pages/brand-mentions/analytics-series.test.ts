import { describe, expect, it } from 'vitest';
import type { BrandAnalytics } from '../../../../contract/brand.ts';
import { dailyRates, leanDisplay, mentionRate, modelRates, rateText, sentimentSlices, shareOfVoice, trendDisplay } from './analytics-series.ts';

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

  it('says which way the mentions lean only when the interval lies on one side of a half', () => {
    expect(leanDisplay({ positive: 0, polar: 0, low: null, high: null }).label).toBe('No lean yet');
    // Three of three on one day: the interval (44%–100%) still reaches below a half.
    expect(leanDisplay({ positive: 3, polar: 3, low: 0.438, high: 1 }).label).toBe('Too early to tell');
    expect(leanDisplay({ positive: 18, polar: 20, low: 0.699, high: 0.972 })).toMatchObject({ label: 'Leans positive', colour: 'green' });
    expect(leanDisplay({ positive: 2, polar: 20, low: 0.028, high: 0.301 })).toMatchObject({ label: 'Leans negative', colour: 'red' });
    expect(leanDisplay({ positive: 11, polar: 20, low: 0.342, high: 0.742 }).label).toBe('Mixed');
    expect(leanDisplay({ positive: 18, polar: 20, low: 0.699, high: 0.972 }).detail).toBe('18 of 20 positive or negative mentions are positive (95% interval 70%–97%).');
  });

  it('names each model as people read it in the per-model chart', () => {
    const rates = modelRates([{ engine: 'openai', model: 'gpt-4o-mini', answers: 2, mentions: 1 }], () => 'GPT-4o mini');
    expect(rates).toEqual([{ model: 'GPT-4o mini', rate: 50, answers: 2 }]);
  });
});
