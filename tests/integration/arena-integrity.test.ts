import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leaderboard } from '../../contract/arena.ts';
import { fitBoard } from '../../core/arena/board-fit.ts';
import { recomputeLeaderboards } from '../../core/arena/leaderboards.ts';
import { openQueue } from '../../core/jobs/queue-catalogue.ts';
import { arenaPlayer } from '../support/arena-player.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/** The honest favourite and the model a script tries to push past it (2 credits a round, so 8 a round together). */
const HONEST = { engine: 'openai', model: 'gpt-4o-mini' };
const RIGGED = { engine: 'groq', model: 'llama-3.1-8b-instant' };
const PAIR = [HONEST, RIGGED];
const DAY = 86_400;

let stack: TestStack;
let player: ReturnType<typeof arenaPlayer>;

beforeAll(async () => {
  // Behind a proxy, so a script can pose as many addresses: the fit's weights must hold even then.
  stack = await startTestStack({ environment: { TRUST_PROXY: 'true' } });
  player = arenaPlayer(stack);
});

afterAll(async () => {
  await stack?.close();
});

const payer = (credits: number) => createPayer(stack.records(), stack.config, credits);

async function board(path: string): Promise<Leaderboard> {
  return ((await (await fetch(`${stack.baseUrl}${path}`)).json()) as { data: Leaderboard }).data;
}

describe('one vote per round', () => {
  it('lets exactly one of two votes sent at once through, and keeps one vote row', async () => {
    const voter = await payer(50);
    const round = await player.play(voter.cookie, { query: 'Tea or coffee?', category: 'general', models: PAIR });
    const [first, second] = await Promise.all([
      player.vote(round.requestId, voter.cookie, { verdict: 'best', best: ['Model A'] }),
      player.vote(round.requestId, voter.cookie, { verdict: 'best', best: ['Model B'] }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((answer) => answer.status === 409)!.body.error!.code).toBe('ARENA_ALREADY_VOTED');
    const [votes] = await stack.records().execute<{ count: string }[]>(`select count(*) from arena_votes where request_id = ?`, [round.requestId]);
    expect(Number(votes!.count)).toBe(1);
  });
});

describe('the reading-time rule', () => {
  it('reveals a vote cast faster than the answers could be read but leaves it out of the fit, and counts one that took the time', async () => {
    const voter = await payer(50);
    await player.ageAccount(voter.user.id, 30 * DAY);
    // 800-word answers take a minute to read at 800 words a minute: a vote right after them is too fast on any machine.
    const hasty = await player.play(voter.cookie, { query: 'Name a prime [[simulate chunks=800]]', category: 'knowledge', models: PAIR });
    const hastyVote = await player.vote(hasty.requestId, voter.cookie, { verdict: 'best', best: [await player.labelOf(hasty.requestId, RIGGED.engine)] });
    expect(hastyVote.body.data).toMatchObject({ status: 'revealed' });
    const careful = await player.play(voter.cookie, { query: 'Name a prime', category: 'knowledge', models: PAIR });
    await player.readFor(careful.requestId, 120);
    await player.vote(careful.requestId, voter.cookie, { verdict: 'best', best: [await player.labelOf(careful.requestId, HONEST.engine)] });

    const votes = await stack.records().execute<{ request_id: string; weight: number; dropped_reason: string | null; reading_seconds: number }[]>(
      `select request_id, weight, dropped_reason, reading_seconds from arena_votes where request_id in (?, ?)`,
      [hasty.requestId, careful.requestId],
    );
    const hastyRow = votes.find((row) => row.request_id === hasty.requestId)!;
    expect(hastyRow).toMatchObject({ weight: 0, dropped_reason: 'read_too_fast' });
    expect(hastyRow.reading_seconds).toBeLessThan(60);
    expect(votes.find((row) => row.request_id === careful.requestId)).toMatchObject({ weight: 1, dropped_reason: null });
    // Both answers' style is kept with each outcome, counted from the answers as written.
    const [outcome] = await stack.records().execute<{ style_a: { words: number }; style_b: { words: number } }[]>(
      `select style_a, style_b from arena_outcomes where request_id = ?`,
      [careful.requestId],
    );
    expect(outcome!.style_a.words).toBeGreaterThan(0);
    expect(outcome!.style_b.words).toBeGreaterThan(0);

    await recomputeLeaderboards(stack.records(), stack.app.catalogue, { minBattles: 0, bootstrapRounds: 20 });
    const knowledge = await board('/api/leaderboard?category=knowledge&style=raw');
    expect(knowledge).toMatchObject({ votes: 1, droppedVotes: 1 });
    expect(knowledge.entries.map((entry) => [entry.engine, entry.wins, entry.losses])).toEqual([
      [HONEST.engine, 1, 0],
      [RIGGED.engine, 0, 1],
    ]);
  });
});

describe('a refit soon after votes', () => {
  it('asks for one delayed refit per 20-second window however many votes arrive, and the worker runs it', async () => {
    const voter = await payer(50);
    const rounds = [
      await player.play(voter.cookie, { query: 'Up or down?', category: 'writing', models: PAIR }),
      await player.play(voter.cookie, { query: 'Left or right?', category: 'writing', models: PAIR }),
    ];
    const connection = new Redis(stack.config.redis.url, { maxRetriesPerRequest: null });
    const queue = openQueue('leaderboards', connection, stack.config.redis.keyPrefix);
    try {
      const before = Date.now();
      for (const round of rounds) expect((await player.vote(round.requestId, voter.cookie, { verdict: 'all_bad' })).status).toBe(200);
      const refits = (await queue.getDelayed()).filter((job) => job.id?.startsWith('refit-after-votes-'));
      // Two votes a moment apart share one window (two, only if they straddled its end).
      expect(refits.length).toBeGreaterThanOrEqual(1);
      expect(refits.length).toBeLessThanOrEqual(Math.floor(Date.now() / 20_000) - Math.floor(before / 20_000) + 1);
      for (const job of refits) expect(job.timestamp + job.delay - before).toBeLessThanOrEqual(20_000);
      const stale = (await board('/api/leaderboard?category=writing')).computedAt;
      // Run it now rather than wait out the window.
      await refits[0]!.promote();
      await expect.poll(async () => (await board('/api/leaderboard?category=writing')).computedAt, { timeout: 10_000 }).not.toBe(stale);
    } finally {
      await queue.close();
      connection.disconnect();
    }
  });
});

describe('vote limits', () => {
  it('refuses the vote past the per-account limit, then past the per-address one, without revealing the round', async () => {
    const limited = await startTestStack({ environment: { ARENA_VOTE_RATE_LIMIT_PER_HOUR: '2', ARENA_VOTE_RATE_LIMIT_PER_IP_PER_HOUR: '3' } });
    try {
      const limitedPlayer = arenaPlayer(limited);
      const first = await createPayer(limited.records(), limited.config, 100);
      const second = await createPayer(limited.records(), limited.config, 100);
      const voteOnce = async (cookie: string) => {
        const round = await limitedPlayer.play(cookie, { query: 'Cats or dogs?', category: 'general', models: PAIR });
        return { round, answer: await limitedPlayer.vote(round.requestId, cookie, { verdict: 'all_bad' }) };
      };
      expect((await voteOnce(first.cookie)).answer.status).toBe(200);
      expect((await voteOnce(first.cookie)).answer.status).toBe(200);
      const overAccount = await voteOnce(first.cookie);
      expect(overAccount.answer.status).toBe(429);
      expect(overAccount.answer.body.error).toMatchObject({ code: 'RATE_LIMIT_ERROR', message: 'Too many votes in a short time. Please wait a while and try again.' });
      // The refused vote changed nothing: the round still waits for its vote.
      const [round] = await limited.records().execute<{ revealed_at: Date | null }[]>(`select revealed_at from arena_rounds where request_id = ?`, [overAccount.round.requestId]);
      expect(round!.revealed_at).toBeNull();
      // A second account at the same address: the address has one vote left (the refused one was not counted on it).
      expect((await voteOnce(second.cookie)).answer.status).toBe(200);
      expect((await voteOnce(second.cookie)).answer.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('stopping a round', () => {
  it('is never charged: the hold is released and the balance is untouched', async () => {
    const voter = await payer(40);
    const response = await fetch(`${stack.baseUrl}/api/arena/stream`, {
      method: 'POST',
      headers: { cookie: voter.cookie, origin: stack.config.server.appUrl, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'Tell me a long story [[simulate first-token-ms=200 chunk-ms=40 chunks=200]]', category: 'writing', models: PAIR }),
    });
    const reader = response.body!.getReader();
    let text = '';
    let requestId: string | undefined;
    while (!requestId) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
      requestId = /"requestId":"([0-9a-f-]{36})"/.exec(text)?.[1];
    }
    expect(requestId).toBeDefined();
    expect(await accountLedger(stack.records(), voter.accountId)).toEqual({ balance: 40, held: 8 });
    const stopped = await fetch(`${stack.baseUrl}/api/requests/${requestId}/cancel`, { method: 'POST', headers: { cookie: voter.cookie, origin: stack.config.server.appUrl } });
    expect(stopped.status).toBe(200);
    while (!(await reader.read()).done) {
      // Drain the stream to its end.
    }
    expect(await accountLedger(stack.records(), voter.accountId)).toEqual({ balance: 40, held: 0 });
    const view = (await (await fetch(`${stack.baseUrl}/api/arena/${requestId}`, { headers: { cookie: voter.cookie } })).json()) as { data: { answers: { success: boolean }[] } };
    expect(view.data.answers.every((answer) => !answer.success)).toBe(true);
  });
});

describe('rigging', () => {
  it('three hundred scripted votes from fresh accounts, each from its own address, cannot lift a model past the honest favourite', async () => {
    // Honest voters: five accounts a month old, twenty rounds read properly, the favourite preferred 14 to 6.
    const honest = await Promise.all(Array.from({ length: 5 }, () => payer(100)));
    for (const voter of honest) await player.ageAccount(voter.user.id, 30 * DAY);
    for (let index = 0; index < 20; index += 1) {
      const voter = honest[index % honest.length]!;
      const round = await player.play(voter.cookie, { query: `Explain caching, take ${index}`, category: 'coding', models: PAIR });
      await player.readFor(round.requestId, 300);
      const winner = index < 14 ? HONEST : RIGGED;
      expect((await player.vote(round.requestId, voter.cookie, { verdict: 'best', best: [await player.labelOf(round.requestId, winner.engine)] })).status).toBe(200);
    }

    // The script: 300 accounts opened within the hour (verified emails), each from its own address, each patient
    // enough to pass the reading rule, every vote for the rigged model. Ten at a time.
    const scripted = 300;
    for (let batch = 0; batch < scripted; batch += 10) {
      await Promise.all(
        Array.from({ length: 10 }, async (_, offset) => {
          const index = batch + offset;
          const address = `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}`;
          const bot = await payer(8);
          await player.ageAccount(bot.user.id, (index % 60) * 60);
          const round = await player.play(bot.cookie, { query: `Explain caching, bot ${index}`, category: 'coding', models: PAIR }, address);
          await player.readFor(round.requestId, 300);
          const answer = await player.vote(round.requestId, bot.cookie, { verdict: 'best', best: [await player.labelOf(round.requestId, RIGGED.engine)] }, address);
          expect(answer.status).toBe(200);
        }),
      );
    }

    await recomputeLeaderboards(stack.records(), stack.app.catalogue, { minBattles: 0, bootstrapRounds: 100 });
    for (const style of ['controlled', 'raw']) {
      const coding = await board(`/api/leaderboard?category=coding&style=${style}`);
      expect(coding.entries.map((entry) => entry.engine), style).toEqual([HONEST.engine, RIGGED.engine]);
      expect(coding.entries[0]!.score - coding.entries[1]!.score, style).toBeGreaterThan(100);
    }

    // The test can fail: counted one vote each, the same outcomes put the rigged model on top.
    const rows = await stack.records().execute<{ request_id: string; model_a: string; model_b: string; score_a: number }[]>(
      `select request_id, model_a, model_b, score_a from arena_outcomes where category = 'coding'`,
    );
    const unweighted = fitBoard(
      rows.map((row) => ({ round: row.request_id, modelA: row.model_a, modelB: row.model_b, scoreA: Number(row.score_a), weight: 1 })),
      { style: 'raw', bootstrapRounds: 0 },
    );
    expect(unweighted.models[0]!.model).toBe(`${RIGGED.engine}/${RIGGED.model}`);
    const [bots] = await stack.records().execute<{ total: number }[]>(
      `select sum(weight)::float8 as total from arena_votes where category = 'coding' and request_id in (select request_id from arena_outcomes where category = 'coding') and weight < 1`,
    );
    expect(Number(bots!.total)).toBeLessThan(1);
  }, 300_000);
});
