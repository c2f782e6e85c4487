import { describe, expect, it } from 'vitest';
import { minimumReadingSeconds, voteWeight } from '../../core/arena/vote-weight.ts';

const DAY = 86_400;

describe('how much a vote counts', () => {
  it('needs the shortest answer read at 800 words a minute, never under 3 seconds', () => {
    expect(minimumReadingSeconds(0)).toBe(3);
    expect(minimumReadingSeconds(400)).toBe(30);
    const base = { shortestAnswerWords: 400, accountAgeSeconds: 30 * DAY, emailVerified: true };
    expect(voteWeight({ ...base, secondsSinceAsked: 29 })).toEqual({ weight: 0, droppedReason: 'read_too_fast' });
    expect(voteWeight({ ...base, secondsSinceAsked: 30 })).toEqual({ weight: 1, droppedReason: null });
  });

  it('grows with the account’s age to full at 14 days, halved while the email is unverified; no account counts nothing', () => {
    const base = { secondsSinceAsked: 600, shortestAnswerWords: 100 };
    expect(voteWeight({ ...base, accountAgeSeconds: 7 * DAY, emailVerified: true }).weight).toBeCloseTo(0.5, 10);
    expect(voteWeight({ ...base, accountAgeSeconds: 7 * DAY, emailVerified: false }).weight).toBeCloseTo(0.25, 10);
    expect(voteWeight({ ...base, accountAgeSeconds: 60, emailVerified: true }).weight).toBeLessThan(0.0001);
    expect(voteWeight({ ...base, accountAgeSeconds: 400 * DAY, emailVerified: true }).weight).toBe(1);
    expect(voteWeight({ ...base, accountAgeSeconds: null, emailVerified: false })).toEqual({ weight: 0, droppedReason: null });
  });
});
