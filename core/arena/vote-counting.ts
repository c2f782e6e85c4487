import type { ArenaVoteCounted } from '../../contract/arena.ts';
import { ARENA_RULES } from '../../contract/arena-rules.ts';
import { minimumReadingSeconds } from './vote-weight.ts';

const DAY_SECONDS = 86_400;

export interface StoredVoteFacts {
  verdict: 'best' | 'ranking' | 'all_bad';
  /** The weight stored with the vote (`vote-weight.ts`), 0 to 1. */
  weight: number;
  droppedReason: 'read_too_fast' | null;
  /** Seconds from asking to voting; null for votes stored before it was kept. */
  readingSeconds: number | null;
  /** Words in the shortest answer that could be placed. */
  shortestAnswerWords: number;
  /** The voter's account age when the vote was cast; null when no account stands behind it. */
  accountAgeSecondsAtVote: number | null;
}

/**
 * What a stored vote counted for on the leaderboards, and why: read back from what was stored with it, so a reload
 * says the same as the reveal. The weight is the product of the account-age share and the email share, so whether
 * the email was still unverified at the vote is read from the weight itself (it may have been verified since).
 */
export function voteCounted(facts: StoredVoteFacts): ArenaVoteCounted {
  const readingSeconds = facts.readingSeconds === null ? null : Math.round(facts.readingSeconds * 10) / 10;
  const neededSeconds = Math.round(minimumReadingSeconds(facts.shortestAnswerWords) * 10) / 10;
  const accountAgeDays = facts.accountAgeSecondsAtVote === null ? null : Math.max(0, facts.accountAgeSecondsAtVote) / DAY_SECONDS;
  const base = { readingSeconds, neededSeconds, accountAgeDays: accountAgeDays === null ? null : Math.round(accountAgeDays * 100) / 100 };
  // "All bad" says the answers were poor, not which was better: it adds no outcome whatever its weight.
  if (facts.verdict === 'all_bad') return { ...base, weight: 0, reason: 'all_bad' };
  if (facts.droppedReason === 'read_too_fast') return { ...base, weight: 0, reason: 'read_too_fast' };
  if (accountAgeDays === null) return { ...base, weight: 0, reason: 'no_account' };
  const weight = Math.min(1, Math.max(0, facts.weight));
  const ageShare = Math.min(1, accountAgeDays / ARENA_RULES.fullWeightAfterDays);
  // Halfway between a verified (weight = age share) and an unverified (half of it) reading tells them apart.
  const unverified = ageShare > 0 && weight < ageShare * ((1 + ARENA_RULES.unverifiedEmailShare) / 2);
  const young = ageShare < 1;
  const reason = young && unverified ? 'new_account_unverified_email' : young ? 'new_account' : unverified ? 'unverified_email' : 'full';
  return { ...base, weight: Math.round(weight * 1000) / 1000, reason };
}
