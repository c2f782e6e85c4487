import { describe, expect, it } from 'vitest';
import { voteOutcomes } from '../../core/arena/vote-outcomes.ts';

const answers = [
  { label: 'Model A', model: 'openai/gpt-4o-mini' },
  { label: 'Model B', model: 'groq/llama' },
  { label: 'Model C', model: 'deepseek/chat' },
];

describe('a vote as pairwise outcomes', () => {
  it('a best answer beats each other answer and says nothing about the rest', () => {
    expect(voteOutcomes({ verdict: 'best', best: ['Model B'] }, answers)).toEqual({
      outcomes: [
        { modelA: 'groq/llama', modelB: 'openai/gpt-4o-mini', scoreA: 1 },
        { modelA: 'groq/llama', modelB: 'deepseek/chat', scoreA: 1 },
      ],
    });
  });

  it('a full ranking of k answers is k(k−1)/2 outcomes, ties within a tier', () => {
    const reading = voteOutcomes({ verdict: 'ranking', tiers: [['Model C'], ['Model A', 'Model B']] }, answers);
    expect(reading).toEqual({
      outcomes: [
        { modelA: 'deepseek/chat', modelB: 'openai/gpt-4o-mini', scoreA: 1 },
        { modelA: 'deepseek/chat', modelB: 'groq/llama', scoreA: 1 },
        { modelA: 'openai/gpt-4o-mini', modelB: 'groq/llama', scoreA: 0.5 },
      ],
    });
  });

  it('"all bad" counts for nothing; a broken vote is refused', () => {
    expect(voteOutcomes({ verdict: 'all_bad' }, answers)).toEqual({ outcomes: [] });
    expect(voteOutcomes({ verdict: 'ranking', tiers: [['Model A'], ['Model B']] }, answers)).toEqual({ refusal: 'A ranking must place every answer' });
    expect(voteOutcomes({ verdict: 'best', best: ['Model D'] }, answers)).toEqual({ refusal: 'There is no answer Model D to vote for' });
    expect(voteOutcomes({ verdict: 'ranking', tiers: [['Model A'], ['Model A', 'Model B', 'Model C']] }, answers)).toEqual({ refusal: 'Each answer can be placed only once' });
    expect(voteOutcomes({ verdict: 'best', best: ['Model A'] }, answers.slice(0, 1))).toEqual({ refusal: 'At least two answers are needed to compare them' });
  });
});
