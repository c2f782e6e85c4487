import { describe, expect, it } from 'vitest';
import { significantDrop } from '../../core/tracking/tracking-alerts.ts';
import { visibilityInterval } from '../../core/tracking/tracking-summary.ts';

const rule = { pValue: 0.05, minReadings: 10 };
const windows = (baseline: [number, number], current: [number, number]) => ({
  baseline: { successes: baseline[0], trials: baseline[1] },
  current: { successes: current[0], trials: current[1] },
});

describe('when a visibility drop is worth a mail', () => {
  it('alerts on a significant drop, with both rates, their Wilson intervals, the readings and the p-value', () => {
    const drop = significantDrop(windows([6, 12], [0, 12]), rule)!;
    expect(drop.p).toBeCloseTo(0.00468, 4);
    expect(drop.baseline).toMatchObject({ rate: 0.5, mentioned: 6, readings: 12 });
    expect(drop.baseline.low).toBeCloseTo(0.2538, 4);
    expect(drop.baseline.high).toBeCloseTo(0.7462, 4);
    expect(drop.current).toMatchObject({ rate: 0, mentioned: 0, readings: 12, low: 0 });
    expect(drop.current.high).toBeCloseTo(0.2425, 4);
  });

  it('stays silent for a drop within the noise, however many points it is', () => {
    // 50% to 0%, but on 4 readings a side: p = 0.10.
    expect(significantDrop(windows([2, 4], [0, 4]), { pValue: 0.05, minReadings: 1 })).toBeUndefined();
    // 40% to 30% on 100 readings a side: p ≈ 0.14.
    expect(significantDrop(windows([40, 100], [30, 100]), rule)).toBeUndefined();
  });

  it('stays silent for a rise, and for windows with too few readings', () => {
    expect(significantDrop(windows([0, 12], [6, 12]), rule)).toBeUndefined();
    expect(significantDrop(windows([6, 12], [0, 9]), rule)).toBeUndefined();
    expect(significantDrop(windows([6, 9], [0, 12]), rule)).toBeUndefined();
  });

  it('follows the set\'s own p-value threshold', () => {
    expect(significantDrop(windows([2, 4], [0, 4]), { pValue: 0.2, minReadings: 1 })?.p).toBeCloseTo(0.1025, 3);
    expect(significantDrop(windows([6, 12], [0, 12]), { pValue: 0.001, minReadings: 10 })).toBeUndefined();
  });
});

describe('visibility interval in a summary', () => {
  it('gives counts and the Wilson interval in points, directional under 10 readings', () => {
    expect(visibilityInterval(6, 12)).toEqual({ mentioned: 6, readings: 12, low: 25.4, high: 74.6, directional: false });
    expect(visibilityInterval(3, 6)).toEqual({ mentioned: 3, readings: 6, low: 18.8, high: 81.2, directional: true });
    expect(visibilityInterval(0, 0)).toEqual({ mentioned: 0, readings: 0, low: null, high: null, directional: true });
  });
});
