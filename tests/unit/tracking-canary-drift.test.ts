import { describe, expect, it } from 'vitest';
import { CANARY_DRIFT_FLOOR, CANARY_DRIFT_MARGIN } from '../../contract/tracking-canary.ts';
import { answerSimilarity, canaryReadingOf, canarySeries, type CanaryAnswer } from '../../core/tracking/canary-drift.ts';

const steady = 'A rainbow forms when sunlight enters raindrops, bends, reflects inside them and splits into its colours.';
const reworded = 'Rainbows appear because each droplet of rain refracts daylight, mirrors it back and disperses the spectrum.';

/** One model's answers to the canary prompts in run `index` (a day apart). */
const run = (index: number, texts: Record<string, string>, model = 'gpt-4o-mini'): CanaryAnswer[] =>
  Object.entries(texts).map(([prompt, answer]) => ({
    runId: `run-${index}`,
    slotStart: new Date(Date.UTC(2026, 10, 1 + index)).toISOString(),
    prompt,
    engine: 'openai',
    model,
    answer,
  }));

describe('canary answer similarity', () => {
  it('is the share of distinct words two answers have in common (Jaccard), ignoring case and short words', () => {
    expect(answerSimilarity('Red green blue', 'red GREEN blue')).toBe(1);
    expect(answerSimilarity('red green blue', 'red green yellow')).toBeCloseTo(2 / 4);
    expect(answerSimilarity('alpha beta', 'gamma delta')).toBe(0);
    // "a", "is", "it" are too short to count.
    expect(answerSimilarity('it is a cat', 'a cat it is')).toBe(1);
    expect(answerSimilarity('', '')).toBe(1);
    expect(answerSimilarity(steady, reworded)).toBeLessThan(0.15);
  });
});

describe('the canary series', () => {
  it('compares each run with the one before, prompt by prompt, and marks a run that falls well below the usual', () => {
    const answers = [
      ...run(0, { rainbow: steady, email: 'Keep it short and say what you need first.' }),
      ...run(1, { rainbow: steady, email: 'Keep it short and say what you need first.' }),
      ...run(2, { rainbow: steady, email: 'Keep it short, say what you need first.' }),
      ...run(3, { rainbow: reworded, email: 'Lead with the request; brevity helps every reader.' }),
    ];
    const [series] = canarySeries(answers.reverse());
    expect(series!.engine).toBe('openai');
    const points = series!.points;
    expect(points.map((point) => point.runId)).toEqual(['run-0', 'run-1', 'run-2', 'run-3']);
    // The first run has nothing to compare with.
    expect(points[0]).toMatchObject({ similarity: null, compared: 0, usual: null, changed: false });
    expect(points[1]).toMatchObject({ similarity: 100, compared: 2, usual: null, changed: false });
    expect(points[2]!.similarity).toBeGreaterThan(90);
    // Two earlier similarities make a usual level; the reworded run falls far below it.
    expect(points[3]!.usual).toBe(points[2]!.similarity);
    expect(points[3]!.similarity).toBeLessThan(points[3]!.usual! - CANARY_DRIFT_MARGIN);
    expect(points[3]!.changed).toBe(true);
  });

  it('before there is a usual level, only a similarity under the floor counts as changed; prompts asked once are not compared', () => {
    const [series] = canarySeries([...run(0, { rainbow: steady }), ...run(1, { rainbow: reworded, added: 'A new canary question' })]);
    const last = series!.points[1]!;
    expect(last.compared).toBe(1);
    expect(last.similarity).toBeLessThan(CANARY_DRIFT_FLOOR);
    expect(last.changed).toBe(true);
  });

  it('keeps each model apart, and reads one run for the alert mail', () => {
    const answers = [...run(0, { rainbow: steady }), ...run(1, { rainbow: steady }), ...run(0, { rainbow: steady }, 'gpt-4o'), ...run(1, { rainbow: reworded }, 'gpt-4o')];
    const canary = { prompts: ['rainbow'], models: canarySeries(answers) };
    expect(canary.models.map((series) => series.model)).toEqual(['gpt-4o-mini', 'gpt-4o']);
    const reading = canaryReadingOf(canary, 'run-1');
    expect(reading.map(({ model, point }) => [model, point.changed])).toEqual([
      ['gpt-4o-mini', false],
      ['gpt-4o', true],
    ]);
    // The first run compares nothing: nothing to say of it.
    expect(canaryReadingOf(canary, 'run-0')).toEqual([]);
  });
});
