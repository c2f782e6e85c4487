import { describe, expect, it } from 'vitest';
import { fitScores, rateModels, type PairwiseOutcome } from '../../core/arena/bradley-terry.ts';

const games = (modelA: string, modelB: string, wonByA: number, wonByB: number, tied = 0): PairwiseOutcome[] => [
  ...Array.from({ length: wonByA }, () => ({ modelA, modelB, scoreA: 1 })),
  ...Array.from({ length: wonByB }, () => ({ modelA, modelB, scoreA: 0 })),
  ...Array.from({ length: tied }, () => ({ modelA, modelB, scoreA: 0.5 })),
];

describe('Bradley–Terry fit', () => {
  it('recovers strengths 4 : 2 : 1 from results that fit them exactly (1120.4, 1000, 879.6 on the Elo-like scale)', () => {
    // The likelihood equations hold exactly at p = (4, 2, 1): A expects 3·4/6 + 5·4/5 = 6 wins and has 6, and so on.
    const outcomes = [...games('A', 'B', 2, 1), ...games('B', 'C', 2, 1), ...games('A', 'C', 4, 1)];
    const scores = fitScores(outcomes, ['A', 'B', 'C']);
    expect(scores.get('A')).toBeCloseTo(1000 + 400 * Math.log10(2), 0);
    expect(scores.get('B')).toBeCloseTo(1000, 0);
    expect(scores.get('C')).toBeCloseTo(1000 - 400 * Math.log10(2), 0);
  });

  it('makes three wins in four a gap of 400·log10(3) ≈ 190.8 points, and a tie half a win each way', () => {
    const scores = fitScores(games('A', 'B', 3, 1), ['A', 'B']);
    expect(scores.get('A')! - scores.get('B')!).toBeCloseTo(400 * Math.log10(3), 0);
    // Two wins and two ties out of four is the same record as three wins in four.
    const withTies = fitScores(games('A', 'B', 2, 0, 2), ['A', 'B']);
    expect(withTies.get('A')! - withTies.get('B')!).toBeCloseTo(400 * Math.log10(3), 0);
  });

  it('keeps an unbeaten model finite, ranks strongest first and gives the same intervals on every run', () => {
    const outcomes = [...games('A', 'B', 5, 0), ...games('B', 'C', 3, 1), ...games('A', 'C', 2, 0)];
    const first = rateModels(outcomes, { bootstrapRounds: 50 });
    expect(first.map((entry) => entry.model)).toEqual(['A', 'B', 'C']);
    expect(Number.isFinite(first[0]!.score)).toBe(true);
    for (const entry of first) {
      expect(entry.lower).toBeLessThanOrEqual(entry.score);
      expect(entry.upper).toBeGreaterThanOrEqual(entry.score);
    }
    expect(first[1]).toMatchObject({ model: 'B', battles: 9, wins: 3, losses: 6, ties: 0 });
    expect(rateModels(outcomes, { bootstrapRounds: 50 })).toEqual(first);
    expect(rateModels([])).toEqual([]);
  });
});
