import type { ArenaVoteBody } from '../../contract/arena.ts';
import type { PairwiseOutcome } from './bradley-terry.ts';

/** One answer that can be voted on: its blind label and the model behind it (`engine/model`). */
export interface VotedAnswer {
  label: string;
  model: string;
}

export type VoteReading = { outcomes: PairwiseOutcome[] } | { refusal: string };

/**
 * A vote as pairwise outcomes, the only thing the leaderboard reads. `best`: every best answer beats every other
 * one, and best answers tie among themselves. `ranking`: every answer sits in one tier; an earlier tier beats a later
 * one and answers in one tier tie, so a full ranking of k answers is k(k−1)/2 outcomes. `all_bad` gives none: it
 * says the answers were all poor, not which was better, and counting it as ties would drag every model in it toward
 * the middle. Only answers that succeeded can be voted on.
 */
export function voteOutcomes(vote: ArenaVoteBody, answers: readonly VotedAnswer[]): VoteReading {
  if (vote.verdict === 'all_bad') return { outcomes: [] };
  const byLabel = new Map(answers.map((answer) => [answer.label, answer.model]));
  const tiers = vote.verdict === 'best' ? [vote.best, answers.map((answer) => answer.label).filter((label) => !vote.best.includes(label))] : vote.tiers;
  const named = tiers.flat();
  if (new Set(named).size !== named.length) return { refusal: 'Each answer can be placed only once' };
  const unknown = named.find((label) => !byLabel.has(label));
  if (unknown !== undefined) return { refusal: `There is no answer ${unknown} to vote for` };
  if (vote.verdict === 'ranking' && named.length !== answers.length) return { refusal: 'A ranking must place every answer' };
  if (answers.length < 2) return { refusal: 'At least two answers are needed to compare them' };

  const outcomes: PairwiseOutcome[] = [];
  const model = (label: string): string => byLabel.get(label)!;
  // With `best`, the answers left over are no tier: the vote ranks them only below the best.
  const placed = vote.verdict === 'best' ? [vote.best] : tiers;
  const below = (tierIndex: number): string[] => (vote.verdict === 'best' ? tiers[1]! : placed.slice(tierIndex + 1).flat());
  placed.forEach((tier, tierIndex) => {
    tier.forEach((label, position) => {
      // Ties within the tier, each pair once.
      for (const other of tier.slice(position + 1)) outcomes.push({ modelA: model(label), modelB: model(other), scoreA: 0.5 });
      for (const lower of below(tierIndex)) outcomes.push({ modelA: model(label), modelB: model(lower), scoreA: 1 });
    });
  });
  return { outcomes };
}
