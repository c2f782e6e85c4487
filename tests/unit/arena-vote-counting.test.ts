import { describe, expect, it } from 'vitest';
import { voteCounted } from '../../core/arena/vote-counting.ts';

const DAY = 86_400;
const vote = { verdict: 'best' as const, droppedReason: null, readingSeconds: 30, shortestAnswerWords: 120 };

describe('what a stored vote counted for', () => {
  it('reads full, young and unverified votes from the stored weight and the account age at the vote', () => {
    expect(voteCounted({ ...vote, weight: 1, accountAgeSecondsAtVote: 30 * DAY })).toEqual({ weight: 1, reason: 'full', readingSeconds: 30, neededSeconds: 9, accountAgeDays: 30 });
    expect(voteCounted({ ...vote, weight: 0.5, accountAgeSecondsAtVote: 30 * DAY }).reason).toBe('unverified_email');
    expect(voteCounted({ ...vote, weight: 7 / 14, accountAgeSecondsAtVote: 7 * DAY })).toMatchObject({ reason: 'new_account', weight: 0.5, accountAgeDays: 7 });
    expect(voteCounted({ ...vote, weight: 3.5 / 14, accountAgeSecondsAtVote: 7 * DAY })).toMatchObject({ reason: 'new_account_unverified_email', weight: 0.25 });
  });

  it('says why a vote moved nothing', () => {
    expect(voteCounted({ ...vote, weight: 0, droppedReason: 'read_too_fast', readingSeconds: 2, accountAgeSecondsAtVote: 30 * DAY })).toMatchObject({
      weight: 0,
      reason: 'read_too_fast',
      readingSeconds: 2,
      neededSeconds: 9,
    });
    expect(voteCounted({ ...vote, verdict: 'all_bad', weight: 1, accountAgeSecondsAtVote: 30 * DAY })).toMatchObject({ weight: 0, reason: 'all_bad' });
    expect(voteCounted({ ...vote, weight: 0, accountAgeSecondsAtVote: null })).toMatchObject({ weight: 0, reason: 'no_account' });
    // The floor of three seconds holds for the shortest answers.
    expect(voteCounted({ ...vote, shortestAnswerWords: 5, weight: 1, accountAgeSecondsAtVote: 30 * DAY }).neededSeconds).toBe(3);
  });
});
