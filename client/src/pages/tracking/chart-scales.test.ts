import { describe, expect, it } from 'vitest';
import { positionTicks, VALUE_TEXT, yAxisOf } from './chart-scales.ts';
import type { Line } from './segmented-series.ts';

const line = (values: (number | null)[], bandHigh?: number): Line => ({
  key: 'averagePosition',
  label: 'Average position',
  color: 'teal.6',
  points: values.map((value, day) => ({ startedAt: `2026-03-0${day + 1}T00:00:00.000Z`, value, ...(bandHigh ? { band: [1, bandHigh] as [number, number] } : {}) })),
});

describe('tracking chart scales', () => {
  it('numbers the position axis from #1 to the furthest place reached, at least #2', () => {
    expect(positionTicks([line([1, 1])])).toEqual([1, 2]);
    expect(positionTicks([line([1.4, 2.6, null])])).toEqual([1, 2, 3]);
    // A band reaching further than its line widens the scale too.
    expect(positionTicks([line([1.5], 4.2)])).toEqual([1, 2, 3, 4, 5]);
    expect(positionTicks([])).toEqual([1, 2]);
  });

  it('keeps at most six position ticks, evenly spaced, the last at or past the furthest place', () => {
    expect(positionTicks([line([12])])).toEqual([1, 4, 7, 10, 13]);
    expect(positionTicks([line([6])])).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('draws position reversed (#1 at the top) and sentiment over its whole range, each on its own axis', () => {
    const position = yAxisOf('position', [line([1, 3])]);
    expect(position.yAxisProps).toMatchObject({ reversed: true, domain: [1, 3], ticks: [1, 2, 3] });
    expect(position.yAxisLabel).toBe('Position');
    const sentiment = yAxisOf('sentiment', []);
    expect(sentiment.yAxisProps).toMatchObject({ domain: [-1, 1], ticks: [-1, -0.5, 0, 0.5, 1] });
    expect(sentiment.yAxisProps.tickFormatter(0.5)).toBe('+0.5');
    expect(yAxisOf('percent', []).yAxisProps.domain).toEqual([0, 100]);
  });

  it('writes values as each scale reads', () => {
    expect(VALUE_TEXT.position(1.256)).toBe('#1.26');
    expect(VALUE_TEXT.sentiment(0.4)).toBe('+0.4');
    expect(VALUE_TEXT.sentiment(-0.25)).toBe('-0.25');
    expect(VALUE_TEXT.percent(33.333)).toBe('33.3%');
  });
});
