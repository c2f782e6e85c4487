import type { ArenaVoteCounted } from '../../api/arena-api.ts';
import { ARENA_RULES } from '../../../../contract/arena-rules.ts';

const seconds = (value: number) => {
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${shown === 1 ? 'second' : 'seconds'}`;
};

const share = (weight: number) => (weight > 0 && weight < 0.005 ? 'less than 1%' : `${Math.round(weight * 100)}%`);

const accountAge = (days: number | null) => {
  if (days === null || days < 1) return 'less than a day old';
  const whole = Math.floor(days);
  return `${whole} ${whole === 1 ? 'day' : 'days'} old`;
};

/**
 * The reveal's sentence on what the vote counted for, from the server's own reading of it: in full, by how much and
 * why less, or not at all and why. Never "counts" for a vote the board leaves out.
 */
export function voteCountedText(counted: ArenaVoteCounted | null): string {
  if (counted === null) return 'Your vote is recorded.';
  const fullFrom = `votes count fully from ${ARENA_RULES.fullWeightAfterDays} days`;
  switch (counted.reason) {
    case 'full':
      return 'Your vote counts in full toward the leaderboard.';
    case 'new_account':
      return `Your vote counts as ${share(counted.weight)} of a full vote on the leaderboard: your account is ${accountAge(counted.accountAgeDays)}, and ${fullFrom}.`;
    case 'unverified_email':
      return `Your vote counts as ${share(counted.weight)} of a full vote on the leaderboard: votes count half until the account's email address is verified.`;
    case 'new_account_unverified_email':
      return `Your vote counts as ${share(counted.weight)} of a full vote on the leaderboard: your account is ${accountAge(counted.accountAgeDays)} (${fullFrom}), and votes count half until its email address is verified.`;
    case 'read_too_fast': {
      const when = counted.readingSeconds === null ? 'it came' : `it came ${seconds(counted.readingSeconds)} after the question,`;
      return `Your vote does not count toward the leaderboard: ${when} sooner than the shortest answer takes to read (${seconds(counted.neededSeconds)} at ${ARENA_RULES.readingWordsPerMinute} words a minute).`;
    }
    case 'all_bad':
      return 'You found them all wanting; that vote does not move the leaderboard.';
    case 'no_account':
      return 'Your vote does not count toward the leaderboard: no account stands behind it.';
  }
}
