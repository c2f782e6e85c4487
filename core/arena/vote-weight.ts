import { ARENA_RULES } from '../../contract/arena-rules.ts';

const DAY_SECONDS = 86_400;

export interface VoteCircumstances {
  /** Seconds from the round being asked to the vote (both on the database's clock). */
  secondsSinceAsked: number;
  /** Words in the shortest answer that could be placed. */
  shortestAnswerWords: number;
  /** The voter's account age in seconds; null when no account stands behind the vote. */
  accountAgeSeconds: number | null;
  emailVerified: boolean;
}

export interface VoteWeight {
  /** 0 to 1: how much the vote's outcomes count in the public fit. */
  weight: number;
  droppedReason: 'read_too_fast' | null;
}

/** The least time a vote must take: the shortest answer at the published reading speed, and never under the floor. */
export function minimumReadingSeconds(shortestAnswerWords: number): number {
  return Math.max(ARENA_RULES.minReadingSeconds, (shortestAnswerWords / ARENA_RULES.readingWordsPerMinute) * 60);
}

/**
 * How much a vote counts (`ARENA_RULES`). A vote faster than its shortest answer can be read is dropped: nobody
 * compared the answers. Otherwise the weight grows with the account's age, full after two weeks, and is halved while
 * the email is unverified. This is what makes rigging dear: a script can open accounts by the hundred, but each
 * new one counts for a sliver, and ageing them costs weeks during which the per-account and per-address vote
 * limits still hold. Honest newcomers lose little: their votes still count, a bit at first.
 */
export function voteWeight(circumstances: VoteCircumstances): VoteWeight {
  if (circumstances.secondsSinceAsked < minimumReadingSeconds(circumstances.shortestAnswerWords)) return { weight: 0, droppedReason: 'read_too_fast' };
  if (circumstances.accountAgeSeconds === null) return { weight: 0, droppedReason: null };
  const age = Math.min(1, Math.max(0, circumstances.accountAgeSeconds) / (ARENA_RULES.fullWeightAfterDays * DAY_SECONDS));
  const email = circumstances.emailVerified ? 1 : ARENA_RULES.unverifiedEmailShare;
  return { weight: age * email, droppedReason: null };
}
