import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArenaRound } from '../../contract/arena.ts';
import { arenaPlayer } from '../support/arena-player.ts';
import { createPayer } from '../support/funded-user.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * The vote's answer (and the round read again later) says what the vote counted for on the leaderboards and why:
 * in full, weighted by the account's age, halved for an unverified email, or dropped as read too fast or "all bad".
 */

const PAIR = [
  { engine: 'openai', model: 'gpt-4o-mini' },
  { engine: 'groq', model: 'llama-3.1-8b-instant' },
];
const DAY = 86_400;

let stack: TestStack;
let player: ReturnType<typeof arenaPlayer>;

beforeAll(async () => {
  stack = await startTestStack();
  player = arenaPlayer(stack);
});
afterAll(async () => {
  await stack?.close();
});

interface Voter {
  ageDays: number;
  verified: boolean;
}

/** Plays a round as a voter of that account age and email, waits `readSeconds` (as if), votes, and returns the reveal and the round read again. */
async function voteAs({ ageDays, verified }: Voter, readSeconds: number, vote: unknown, query = 'Tea or coffee?') {
  const voter = await createPayer(stack.records(), stack.config, 50);
  await player.ageAccount(voter.user.id, ageDays * DAY);
  if (!verified) await stack.records().execute(`update users set email_verified = false where id = ?`, [voter.user.id]);
  const round = await player.play(voter.cookie, { query, category: 'general', models: PAIR });
  if (readSeconds > 0) await player.readFor(round.requestId, readSeconds);
  const voted = await player.vote(round.requestId, voter.cookie, vote);
  expect(voted.status, JSON.stringify(voted.body)).toBe(200);
  const again = await fetch(`${stack.baseUrl}/api/arena/${round.requestId}`, { headers: { cookie: voter.cookie } });
  const [stored] = await stack.records().execute<{ weight: number }[]>(`select weight from arena_votes where request_id = ?`, [round.requestId]);
  return {
    requestId: round.requestId,
    voter,
    revealed: (voted.body.data as unknown as ArenaRound).counted,
    reread: ((await again.json()) as { data: ArenaRound }).data.counted,
    storedWeight: Number(stored!.weight),
  };
}

const BEST = { verdict: 'best', best: ['Model A'] };

describe('what a vote counted for', () => {
  it('a month-old verified account that took the time counts in full', async () => {
    const { revealed, reread, storedWeight } = await voteAs({ ageDays: 30, verified: true }, 120, BEST);
    expect(revealed).toMatchObject({ weight: 1, reason: 'full', accountAgeDays: expect.closeTo(30, 1) });
    expect(revealed!.readingSeconds).toBeGreaterThanOrEqual(120);
    expect(storedWeight).toBe(1);
    expect(reread).toEqual(revealed);
  });

  it('a week-old account counts by its age, an unverified email halves it', async () => {
    const young = await voteAs({ ageDays: 7, verified: true }, 120, BEST);
    expect(young.revealed).toMatchObject({ reason: 'new_account', accountAgeDays: expect.closeTo(7, 1) });
    expect(young.revealed!.weight).toBeCloseTo(0.5, 2);
    expect(young.revealed!.weight).toBeCloseTo(young.storedWeight, 2);

    const unverified = await voteAs({ ageDays: 30, verified: false }, 120, BEST);
    expect(unverified.revealed).toMatchObject({ reason: 'unverified_email', weight: 0.5 });

    const both = await voteAs({ ageDays: 7, verified: false }, 120, BEST);
    expect(both.revealed).toMatchObject({ reason: 'new_account_unverified_email' });
    expect(both.revealed!.weight).toBeCloseTo(0.25, 2);
    expect(both.reread).toEqual(both.revealed);
    // Verifying the email later does not change what the vote counted.
    await stack.records().execute(`update users set email_verified = true where id = ?`, [both.voter.user.id]);
    const later = await fetch(`${stack.baseUrl}/api/arena/${both.requestId}`, { headers: { cookie: both.voter.cookie } });
    expect(((await later.json()) as { data: ArenaRound }).data.counted).toEqual(both.revealed);
  });

  it('a vote faster than the answers could be read is dropped, and says how long it would have taken', async () => {
    // 800 words take a minute at 800 words a minute: a vote right after them is too fast on any machine.
    const { revealed, storedWeight } = await voteAs({ ageDays: 30, verified: true }, 0, BEST, 'Name a prime [[simulate chunks=800]]');
    expect(revealed).toMatchObject({ weight: 0, reason: 'read_too_fast' });
    expect(revealed!.readingSeconds).toBeLessThan(revealed!.neededSeconds);
    expect(revealed!.neededSeconds).toBeGreaterThanOrEqual(3);
    expect(storedWeight).toBe(0);
  });

  it('"all bad" moves nothing, whatever the account', async () => {
    const { revealed } = await voteAs({ ageDays: 30, verified: true }, 120, { verdict: 'all_bad' });
    expect(revealed).toMatchObject({ weight: 0, reason: 'all_bad' });
  });

  it('says nothing before the vote', async () => {
    const voter = await createPayer(stack.records(), stack.config, 50);
    const round = await player.play(voter.cookie, { query: 'Up or down?', category: 'general', models: PAIR });
    const blind = await fetch(`${stack.baseUrl}/api/arena/${round.requestId}`, { headers: { cookie: voter.cookie } });
    expect(((await blind.json()) as { data: ArenaRound }).data).toMatchObject({ status: 'voting', counted: null });
  });
});
