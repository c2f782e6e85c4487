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
      { name: 'visibility_s0', label: 'Visibility', color: 'indigo.6' },
      { name: 'visibility_s1', label: 'Visibility', color: 'indigo.6' },
      { name: 'group1_s0', label: 'DeepSeek - Chat', color: 'teal.6' },
    ]);
  });

  it('labels two runs that fall in the same minute apart, so each keeps its own place on the axis', () => {
    const chart = segmentedChart(
      [{ key: 'v', label: 'V', color: 'indigo.6', points: [{ startedAt: at(1), value: 1 }, { startedAt: `${at(1).slice(0, 17)}30.000Z`, value: 2 }] }],
      () => 'same minute',
    );
    expect(chart.rows.map((row) => row['label'])).toEqual(['same minute', 'same minute (2)']);
  });
});
