import { describe, expect, it } from 'vitest';
import { voteCountedText } from './vote-counted-text.ts';

const base = { readingSeconds: 40, neededSeconds: 9, accountAgeDays: 30 };

describe('what the reveal says a vote counted for', () => {
  it('says a full vote counts in full', () => {
    expect(voteCountedText({ ...base, weight: 1, reason: 'full' })).toBe('Your vote counts in full toward the leaderboard.');
  });

  it('says how much a young or unverified account counts, and why', () => {
    expect(voteCountedText({ ...base, weight: 0.357, reason: 'new_account', accountAgeDays: 5.2 })).toBe(
      'Your vote counts as 36% of a full vote on the leaderboard: your account is 5 days old, and votes count fully from 14 days.',
    );
    expect(voteCountedText({ ...base, weight: 0.5, reason: 'unverified_email' })).toBe(
      "Your vote counts as 50% of a full vote on the leaderboard: votes count half until the account's email address is verified.",
    );
    expect(voteCountedText({ ...base, weight: 0.001, reason: 'new_account_unverified_email', accountAgeDays: 0.03 })).toBe(
      'Your vote counts as less than 1% of a full vote on the leaderboard: your account is less than a day old (votes count fully from 14 days), and votes count half until its email address is verified.',
    );
  });

  it('says a dropped vote does not count, and why', () => {
    expect(voteCountedText({ ...base, weight: 0, reason: 'read_too_fast', readingSeconds: 4.23, neededSeconds: 60 })).toBe(
      'Your vote does not count toward the leaderboard: it came 4.2 seconds after the question, sooner than the shortest answer takes to read (60 seconds at 800 words a minute).',
    );
    expect(voteCountedText({ ...base, weight: 0, reason: 'all_bad' })).toBe('You found them all wanting; that vote does not move the leaderboard.');
    expect(voteCountedText({ ...base, weight: 0, reason: 'no_account' })).toBe('Your vote does not count toward the leaderboard: no account stands behind it.');
  });
});
