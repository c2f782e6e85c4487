import { describe, expect, it } from 'vitest';
import { segmentedChart } from './segmented-series.ts';

const at = (day: number) => `2026-03-0${day}T00:00:00.000Z`;

describe('segmented chart series', () => {
  it('gives each segment of a line its own series, so no stroke joins two model versions', () => {
    const chart = segmentedChart(
      [
        { key: 'visibility', label: 'Visibility', color: 'indigo.6', points: [{ startedAt: at(1), segment: 0, value: 50 }, { startedAt: at(2), segment: 1, value: 20 }, { startedAt: at(3), segment: 1, value: 30 }] },
        { key: 'group1', label: 'DeepSeek - Chat', color: 'teal.6', points: [{ startedAt: at(2), value: 10 }, { startedAt: at(1), value: null }] },
      ],
      (iso) => iso.slice(5, 10),
    );
    expect(chart.rows).toEqual([
      { label: '03-01', visibility_s0: 50 },
      { label: '03-02', visibility_s1: 20, group1_s0: 10 },
      { label: '03-03', visibility_s1: 30 },
    ]);
    expect(chart.labels.get(at(2))).toBe('03-02');
    expect(chart.series).toEqual([
      { name: 'visibility_s0', label: 'Visibility', color: 'indigo.6', type: 'line' },
      { name: 'visibility_s1', label: 'Visibility', color: 'indigo.6', type: 'line' },
      { name: 'group1_s0', label: 'DeepSeek - Chat', color: 'teal.6', type: 'line' },
    ]);
  });

  it('splits a band where its line splits, puts every band before every line, and leaves gaps in both', () => {
    const chart = segmentedChart(
      [
        {
          key: 'visibility',
          label: 'Visibility',
          color: 'indigo.6',
          points: [
            { startedAt: at(1), segment: 0, value: 50, band: [30, 70] },
            { startedAt: at(2), segment: 0, value: null, band: undefined },
            { startedAt: at(3), segment: 1, value: 40, band: [20, 60] },
          ],
        },
        { key: 'sentiment', label: 'Sentiment', color: 'orange.6', points: [{ startedAt: at(1), value: 0.2 }, { startedAt: at(3), segment: 1, value: 0.1 }] },
      ],
      (iso) => iso.slice(5, 10),
    );
    expect(chart.rows).toEqual([
      { label: '03-01', visibility_s0: 50, visibility_s0_band: [30, 70], sentiment_s0: 0.2 },
      // A run without readings: no value and no band, so both stop rather than drop to zero.
      { label: '03-02' },
      { label: '03-03', visibility_s1: 40, visibility_s1_band: [20, 60], sentiment_s1: 0.1 },
    ]);
    expect(chart.series.map((entry) => `${entry.type}:${entry.name}`)).toEqual([
      'area:visibility_s0_band',
      'area:visibility_s1_band',
      'line:visibility_s0',
      'line:visibility_s1',
      'line:sentiment_s0',
      'line:sentiment_s1',
    ]);
    expect(chart.series[0]!.label).toBe('Visibility (95% interval)');
  });

  it('labels two runs that fall in the same minute apart, so each keeps its own place on the axis', () => {
    const chart = segmentedChart(
      [{ key: 'v', label: 'V', color: 'indigo.6', points: [{ startedAt: at(1), value: 1 }, { startedAt: `${at(1).slice(0, 17)}30.000Z`, value: 2 }] }],
      () => 'same minute',
    );
    expect(chart.rows.map((row) => row['label'])).toEqual(['same minute', 'same minute (2)']);
  });
});
