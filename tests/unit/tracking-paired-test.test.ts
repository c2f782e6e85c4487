import { describe, expect, it } from 'vitest';
import { pairedCountsSentence } from '../../contract/tracking-paired.ts';
import { cellMentioned, pairedComparison } from '../../core/tracking/paired-cells.ts';
import { mcnemarExact } from '../../core/statistics/mcnemar-exact.ts';
import { analyserChanges, settingChanges, type RunSettings } from '../../core/tracking/setting-changes.ts';

describe("McNemar's exact test", () => {
  it('gives the two-sided binomial p-values worked out by hand', () => {
    // 9 against 1: 2 × (C(10,0) + C(10,1)) / 2^10 = 22 / 1024.
    expect(mcnemarExact(9, 1)).toBeCloseTo(22 / 1024, 12);
    expect(mcnemarExact(1, 9)).toBeCloseTo(22 / 1024, 12);
    // 5 against 0: 2 / 32.
    expect(mcnemarExact(5, 0)).toBeCloseTo(0.0625, 12);
    // 6 against 0 is the smallest all-one-way count below 0.05: 2 / 64.
    expect(mcnemarExact(0, 6)).toBeCloseTo(0.03125, 12);
    // 12 against 2: 2 × (1 + 14 + 91) / 16384.
    expect(mcnemarExact(12, 2)).toBeCloseTo(212 / 16384, 12);
  });

  it('is 1 when nothing changed or the changes balance, and never above 1', () => {
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(5, 5)).toBe(1);
    expect(mcnemarExact(3, 4)).toBe(1);
  });

  it('stays finite and tiny for long histories instead of overflowing', () => {
    const p = mcnemarExact(300, 10);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-60);
    expect(mcnemarExact(600, 600)).toBe(1);
  });

  it('refuses counts that are not whole numbers', () => {
    expect(() => mcnemarExact(-1, 2)).toThrow(RangeError);
    expect(() => mcnemarExact(1.5, 2)).toThrow(RangeError);
  });
});

describe('paired cells', () => {
  const cell = (baseline: [number, number], current: [number, number]) => ({
    baseline: { mentioned: baseline[0], readings: baseline[1] },
    current: { mentioned: current[0], readings: current[1] },
  });

  it('reads a cell as mentioned when more than half its answers named the brand', () => {
    expect(cellMentioned({ mentioned: 2, readings: 3 })).toBe(true);
    expect(cellMentioned({ mentioned: 1, readings: 2 })).toBe(false);
    expect(cellMentioned({ mentioned: 0, readings: 3 })).toBe(false);
  });

  it('counts the cells that lost and gained the brand, and tests only those', () => {
    const cells = [
      ...Array.from({ length: 9 }, () => cell([3, 3], [0, 3])),
      cell([0, 3], [3, 3]),
      cell([2, 3], [3, 3]),
      cell([0, 3], [1, 3]),
      // Read in one window only: not paired.
      cell([0, 0], [3, 3]),
    ];
    const paired = pairedComparison(cells);
    expect(paired).toEqual({ cells: 12, lost: 9, gained: 1, kept: 1, neither: 1, p: expect.closeTo(22 / 1024, 12) });
    expect(pairedCountsSentence(paired)).toBe('mentioned before and not after in 9 cells, the reverse in 1');
  });
});

describe('setting changes', () => {
  const run = (runId: string, slotStart: string, temperature: number | null, webSearch = false, model = 'gpt-4o-mini'): RunSettings => ({
    runId, slotStart, startedAt: slotStart, engine: 'openai', model, surface: 'model', temperature, webSearch,
  });

  it('opens a segment where a model was asked at another temperature or with web search switched', () => {
    const changes = settingChanges([
      run('a', '2026-01-01', null),
      run('b', '2026-01-02', null),
      run('c', '2026-01-03', 0.7),
      run('d', '2026-01-04', 0.7, true),
      run('a', '2026-01-01', 1, false, 'gpt-4o'),
      run('b', '2026-01-02', 1, false, 'gpt-4o'),
    ]);
    expect(changes.map(({ runId, model, setting, from, to }) => ({ runId, model, setting, from, to }))).toEqual([
      { runId: 'c', model: 'gpt-4o-mini', setting: 'temperature', from: null, to: 0.7 },
      { runId: 'd', model: 'gpt-4o-mini', setting: 'webSearch', from: false, to: true },
    ]);
  });

  it('marks the first run read by another analyser, passing over runs that record none', () => {
    expect(analyserChanges([
      { runId: 'a', slotStart: '2026-01-01', startedAt: '2026-01-01', analyser: 'local 1' },
      { runId: 'b', slotStart: '2026-01-02', startedAt: '2026-01-02', analyser: null },
      { runId: 'c', slotStart: '2026-01-03', startedAt: '2026-01-03', analyser: 'local 1' },
      { runId: 'd', slotStart: '2026-01-04', startedAt: '2026-01-04', analyser: 'local 2' },
    ])).toEqual([{ runId: 'd', slotStart: '2026-01-04', startedAt: '2026-01-04', from: 'local 1', to: 'local 2' }]);
  });
});
