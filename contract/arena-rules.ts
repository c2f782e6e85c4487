/**
 * The published rules that keep the arena's boards honest (in a module of their own, not `limits.ts`: only the
 * leaderboard page, loaded on demand, and the server read them, so they stay out of the first paint). A vote counts 0 when it came sooner after the round was
 * asked than its shortest answer takes to read at `readingWordsPerMinute` (and never sooner than
 * `minReadingSeconds`). Otherwise it counts in proportion to the account's age, fully from `fullWeightAfterDays`
 * days, and half as much while the account's email is unverified. A person's own board opens after
 * `personalBoardVotes` of their votes.
 */
export const ARENA_RULES = {
  readingWordsPerMinute: 800,
  minReadingSeconds: 3,
  fullWeightAfterDays: 14,
  unverifiedEmailShare: 0.5,
  personalBoardVotes: 30,
} as const;
