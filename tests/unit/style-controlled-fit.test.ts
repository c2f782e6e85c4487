import { describe, expect, it } from 'vitest';
import { answerStyle, styleDifference } from '../../core/arena/answer-style.ts';
import { fitBoard } from '../../core/arena/board-fit.ts';
import { fitScores, SCALE, type WeightedOutcome } from '../../core/arena/bradley-terry.ts';
import { fitWithStyle } from '../../core/arena/style-controlled-fit.ts';
import { seededRandom } from '../../core/statistics/resampling.ts';

const sigmoid = (value: number): number => 1 / (1 + Math.exp(-value));

/**
 * Battles drawn from a known model: true strengths (Elo-like points) and a length effect, where each model writes
 * answers of its own typical length. The voter's chance that A wins is σ((sA − sB)/SCALE + γ·dLength).
 */
function simulate(strengths: Record<string, number>, typicalWords: Record<string, number>, lengthPoints: number, battles: number, seed: number): WeightedOutcome[] {
  const random = seededRandom(seed);
  const models = Object.keys(strengths);
  const outcomes: WeightedOutcome[] = [];
  for (let battle = 0; battle < battles; battle += 1) {
    const a = models[Math.floor(random() * models.length)]!;
    let b = models[Math.floor(random() * models.length)]!;
    while (b === a) b = models[Math.floor(random() * models.length)]!;
    const words = (model: string) => Math.round(typicalWords[model]! * (0.2 + 1.6 * random()));
    const styleA = { words: words(a), headers: 0, listItems: 0, bold: 0 };
    const styleB = { words: words(b), headers: 0, listItems: 0, bold: 0 };
    const style = styleDifference(styleA, styleB);
    const chance = sigmoid((strengths[a]! - strengths[b]! + lengthPoints * style[0]!) / SCALE);
    outcomes.push({ modelA: a, modelB: b, scoreA: random() < chance ? 1 : 0, round: `r${battle}`, weight: 1, style });
  }
  return outcomes;
}

describe('answer style', () => {
  it('counts words, headers, list items and bold spans, and compares them as shares of both answers', () => {
    const text = '# Title\n\nSome **bold** words and __more__.\n\n- one\n- two\n1. three\n## Sub\nnot#a header, not - a list';
    expect(answerStyle(text)).toEqual({ words: 21, headers: 2, listItems: 3, bold: 2 });
    expect(answerStyle('')).toEqual({ words: 0, headers: 0, listItems: 0, bold: 0 });
    const long = { words: 200, headers: 2, listItems: 0, bold: 0 };
    const short = { words: 100, headers: 0, listItems: 0, bold: 0 };
    expect(styleDifference(long, short)).toEqual([1 / 3, 1, 0, 0]);
  });
});

describe('the style-controlled fit', () => {
  it('agrees with the raw fit when no answer differs in style', () => {
    const outcomes: WeightedOutcome[] = [
      ...Array.from({ length: 6 }, () => ({ modelA: 'A', modelB: 'B', scoreA: 1 })),
      ...Array.from({ length: 2 }, () => ({ modelA: 'A', modelB: 'B', scoreA: 0 })),
      ...Array.from({ length: 3 }, () => ({ modelA: 'B', modelB: 'C', scoreA: 0.5 })),
      ...Array.from({ length: 3 }, () => ({ modelA: 'B', modelB: 'C', scoreA: 1 })),
    ];
    const raw = fitScores(outcomes, ['A', 'B', 'C']);
    const controlled = fitWithStyle(outcomes, ['A', 'B', 'C']);
    for (const model of ['A', 'B', 'C']) expect(controlled.scores.get(model)).toBeCloseTo(raw.get(model)!, 1);
    expect(controlled.coefficients).toEqual([0, 0, 0, 0]);
  });

  it('recovers equal strengths and the length effect when length alone drives the wins', () => {
    // Three equally good models; "verbose" writes four times as long as "terse". Voters give length 150 points.
    const outcomes = simulate({ verbose: 1000, middling: 1000, terse: 1000 }, { verbose: 400, middling: 200, terse: 100 }, 150, 6_000, 7);
    const board = fitBoard(outcomes, { style: 'controlled', bootstrapRounds: 20 });
    const raw = fitBoard(outcomes, { style: 'raw', bootstrapRounds: 20 });
    // Raw: length looks like skill, a wide spread in the verbose model's favour.
    expect(raw.models.map((model) => model.model)).toEqual(['verbose', 'middling', 'terse']);
    // Verbose against terse differs by about 0.6 in length share: 0.6 · 150 = 90 points that are style, not skill.
    expect(raw.models[0]!.score - raw.models[2]!.score).toBeGreaterThan(60);
    // Controlled: all three within a few points of 1000, in one tied group, and the effect found near 150.
    for (const model of board.models) expect(Math.abs(model.score - 1000), model.model).toBeLessThan(25);
    expect(new Set(board.models.map((model) => model.group))).toEqual(new Set([1]));
    const length = board.styleEffects.find((effect) => effect.feature === 'words')!;
    expect(length.points).toBeGreaterThan(120);
    expect(length.points).toBeLessThan(180);
    expect(length.lower).toBeLessThan(150);
    expect(length.upper).toBeGreaterThan(150);
    expect(board.styleEffects.map((effect) => effect.name)).toEqual(['Length (words)', 'Headers', 'List items', 'Bold spans']);
  });

  it('keeps a real strength gap when length is no help', () => {
    const outcomes = simulate({ strong: 1100, weak: 900 }, { strong: 150, weak: 300 }, 0, 4_000, 12);
    const board = fitBoard(outcomes, { style: 'controlled', bootstrapRounds: 30 });
    expect(board.models[0]!.model).toBe('strong');
    expect(board.models[0]!.score - board.models[1]!.score).toBeGreaterThan(170);
    expect(board.models[0]!.score - board.models[1]!.score).toBeLessThan(230);
    // No length effect was simulated: its 95% interval holds 0 (as it does for 19 seeds in 20; this fixed one is among them).
    expect(board.styleEffects[0]!.lower).toBeLessThan(0);
    expect(board.styleEffects[0]!.upper).toBeGreaterThan(0);
  });
});
