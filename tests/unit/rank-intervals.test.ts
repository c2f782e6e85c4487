import { describe, expect, it } from 'vitest';
import { fitBoard } from '../../core/arena/board-fit.ts';
import { SCALE, type WeightedOutcome } from '../../core/arena/bradley-terry.ts';
import { seededRandom } from '../../core/statistics/resampling.ts';

const sigmoid = (value: number): number => 1 / (1 + Math.exp(-value));

/** `battles` random pairings among models with known strengths, each decided by the Bradley–Terry chance. */
function simulate(strengths: Record<string, number>, battles: number, seed: number): WeightedOutcome[] {
  const random = seededRandom(seed);
  const models = Object.keys(strengths);
  return Array.from({ length: battles }, (_, battle) => {
    const a = models[Math.floor(random() * models.length)]!;
    let b = models[Math.floor(random() * models.length)]!;
    while (b === a) b = models[Math.floor(random() * models.length)]!;
    const chance = sigmoid((strengths[a]! - strengths[b]!) / SCALE);
    return { modelA: a, modelB: b, scoreA: random() < chance ? 1 : 0, round: `r${battle}`, weight: 1 };
  });
}

describe('rank intervals and tied groups', () => {
  it('pins a clearly separated field to single ranks and separate groups', () => {
    const board = fitBoard(simulate({ top: 1300, mid: 1000, low: 700 }, 1_500, 3), { style: 'raw', bootstrapRounds: 100 });
    expect(board.models.map((model) => [model.model, model.rankLower, model.rankUpper, model.group])).toEqual([
      ['top', 1, 1, 1],
      ['mid', 2, 2, 2],
      ['low', 3, 3, 3],
    ]);
  });

  it('puts two equal models in one group with ranks that span both places', () => {
    const board = fitBoard(simulate({ twinA: 1100, twinB: 1100, low: 800 }, 600, 5), { style: 'raw', bootstrapRounds: 100 });
    const twins = board.models.filter((model) => model.model.startsWith('twin'));
    for (const twin of twins) expect([twin.rankLower, twin.rankUpper, twin.group]).toEqual([1, 2, 1]);
    expect(board.models.find((model) => model.model === 'low')).toMatchObject({ rankLower: 3, rankUpper: 3, group: 2 });
  });

  it('covers the true rank and score in about 95% of simulated arenas', () => {
    const strengths = { a: 1080, b: 1040, c: 1000, d: 960 };
    const trueRank = { a: 1, b: 2, c: 3, d: 4 } as Record<string, number>;
    const mean = 1020;
    let rankCovered = 0;
    let scoreCovered = 0;
    let checked = 0;
    for (let arena = 0; arena < 40; arena += 1) {
      const board = fitBoard(simulate(strengths, 400, 100 + arena), { style: 'raw', bootstrapRounds: 60, seed: 900 + arena });
      for (const model of board.models) {
        checked += 1;
        if (model.rankLower <= trueRank[model.model]! && trueRank[model.model]! <= model.rankUpper) rankCovered += 1;
        // Scores are centred on the models' mean: the truth on that scale is 1000 + (strength − mean).
        const truth = 1000 + strengths[model.model as keyof typeof strengths] - mean;
        if (model.lower <= truth && truth <= model.upper) scoreCovered += 1;
      }
    }
    expect(checked).toBe(160);
    expect(rankCovered / checked).toBeGreaterThan(0.88);
    expect(scoreCovered / checked).toBeGreaterThan(0.85);
    expect(scoreCovered / checked).toBeLessThan(1);
  });

  it('fits a model with too few battles but does not show it, and drops votes of weight 0', () => {
    const outcomes: WeightedOutcome[] = [
      ...simulate({ a: 1100, b: 1000 }, 60, 9),
      { modelA: 'newcomer', modelB: 'a', scoreA: 1, round: 'x1', weight: 1 },
      ...Array.from({ length: 50 }, (_, index) => ({ modelA: 'b', modelB: 'a', scoreA: 1, round: `fast${index}`, weight: 0 })),
    ];
    const board = fitBoard(outcomes, { style: 'raw', bootstrapRounds: 10, minBattles: 20 });
    expect(board.models.map((model) => model.model)).toEqual(['a', 'b']);
    expect(board.hidden).toBe(1);
    expect(board.models.find((model) => model.model === 'b')!.battles).toBe(board.models.find((model) => model.model === 'a')!.battles - 1);
  });
});
