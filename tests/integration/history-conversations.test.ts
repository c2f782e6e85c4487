import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, HistoryList } from '../../contract/history.ts';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { SearchRequest, type RequestKind } from '../../core/database/entities/search-request.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { postSearchStream, SEARCH_BODY, THREE_MODELS } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * The history lists conversations, not turns: a question and every follow-up of it are one entry (its first question,
 * every turn in order, how many, when it was last asked in, what it cost), pages and totals count conversations, a
 * search finds a conversation by any of its questions, and deleting an entry deletes the whole conversation while
 * the ledger keeps every charge.
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

interface Envelope<Data> {
  success: boolean;
  data: Data | null;
  error: { code: string; message: string } | null;
}

const payerWith = (credits: number) => createPayer(stack.records(), stack.config, credits);

async function history(cookie: string, query = '') {
  const response = await fetch(`${stack.baseUrl}/api/user-requests${query}`, { headers: { cookie } });
  expect(response.status, query).toBe(200);
  return ((await response.json()) as Envelope<HistoryList>).data!;
}

async function deleteEntry(cookie: string, id: string) {
  const response = await fetch(`${stack.baseUrl}/api/user-requests/${id}`, { method: 'DELETE', headers: { cookie } });
  return { status: response.status, body: (await response.json()) as Envelope<{ id: string; message: string }> };
}

/** Asks one question (a follow-up with `followUpOf`) and answers its request id. */
async function ask(cookie: string, query: string, extra: Record<string, unknown> = {}): Promise<string> {
  const asked = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query, ...extra }, { headers: { cookie } });
  expect(asked.status).toBe(200);
  expect(asked.events.at(-1)?.event, JSON.stringify(asked.events.at(-1))).toBe('end');
  return String(asked.events[0]!.data.requestId);
}

const queriesOf = (entry: HistoryEntry) => entry.turns.map((turn) => turn.query);

interface StoredTurn {
  query: string;
  minutesAgo: number;
  followUpOf?: string;
  retryOf?: string;
  versionOf?: string;
  kind?: RequestKind;
}

/** A question written straight to the database, with one answered run: older history, built to the minute. */
async function stored(userId: string, turn: StoredTurn): Promise<string> {
  const em = stack.records();
  const single = (turn.kind ?? 'single') === 'single';
  const request = em.create(SearchRequest, {
    id: randomUUID(),
    query: turn.query,
    kind: turn.kind ?? 'single',
    engine: single ? 'openai' : null,
    model: single ? 'gpt-4o-mini' : null,
    user: userId,
    status: 'completed',
    followUpOf: turn.followUpOf ?? null,
    retryOf: turn.retryOf ?? null,
    versionOf: turn.versionOf ?? null,
    createdAt: new Date(Date.now() - turn.minutesAgo * 60_000),
  });
  em.create(ModelRun, { id: randomUUID(), request, engine: 'openai', model: 'gpt-4o-mini', status: 'completed', answerText: `Answer to ${turn.query}` });
  await em.flush();
  return request.id;
}

describe('GET /api/user-requests lists conversations', () => {
  it('files a question and its two follow-ups as one entry with three turns, in order', async () => {
    const payer = await payerWith(150);
    const first = await ask(payer.cookie, 'Which rivers cross Paris?');
    const second = await ask(payer.cookie, 'Which is the longest?', { followUpOf: first });
    const third = await ask(payer.cookie, 'Where does it rise?', { followUpOf: second });
    const lone = await ask(payer.cookie, 'What is a delta?');

    const page = await history(payer.cookie);
    expect(page.total).toBe(2);
    expect(page.requests.map((entry) => entry.id)).toEqual([lone, first]);
    const conversation = page.requests[1]!;
    // The entry is titled by its first question and keeps that question's fields for older readers.
    expect(conversation).toMatchObject({ id: first, threadId: first, query: 'Which rivers cross Paris?', followUpOf: null, turnCount: 3, totalCredits: 18 });
    expect(queriesOf(conversation)).toEqual(['Which rivers cross Paris?', 'Which is the longest?', 'Where does it rise?']);
    expect(conversation.turns.map((turn) => [turn.id, turn.followUpOf])).toEqual([
      [first, null],
      [second, first],
      [third, second],
    ]);
    // Each turn is a history item of its own, answered and charged.
    for (const turn of conversation.turns) expect(turn).toMatchObject({ kind: 'single', status: 'completed', creditsUsed: 6 });
    expect(conversation.lastActivityAt).toBe(conversation.turns[2]!.createdAt);
    expect(page.requests[0]).toMatchObject({ id: lone, threadId: lone, turnCount: 1, totalCredits: 6, lastActivityAt: page.requests[0]!.createdAt });
    expect(page.requests[0]!.turns.map((turn) => turn.id)).toEqual([lone]);

    // Continuing the conversation again brings it to the top.
    const fourth = await ask(payer.cookie, 'How long is it?', { followUpOf: third });
    const after = await history(payer.cookie);
    expect(after.requests.map((entry) => [entry.id, entry.turnCount])).toEqual([
      [first, 4],
      [lone, 1],
    ]);
    expect(after.requests[0]!.turns.at(-1)!.id).toBe(fourth);
  }, 60_000);

  it('keeps a comparison’s follow-up, an edited question and a model continued alone in the comparison’s conversation', async () => {
    const payer = await payerWith(150);
    const compare = async (query: string, extra: Record<string, unknown> = {}) => {
      const asked = await postSearchStream(stack.baseUrl, { query, models: THREE_MODELS, ...extra }, { path: '/api/compare/stream', headers: { cookie: payer.cookie } });
      expect(asked.events.at(-1)?.event).toBe('all_complete');
      return String(asked.events[0]!.data.requestId);
    };
    const first = await compare('Name three deserts.');
    const second = await compare('Which is the driest?', { followUpOf: first });
    const edited = await compare('Which is the hottest?', { versionOf: second });
    const [model] = THREE_MODELS;
    const alone = await ask(payer.cookie, 'How hot does it get?', { model: model!.engine, specificModel: model!.model, followUpOf: edited, continueMode: 'fork' });

    const page = await history(payer.cookie);
    expect(page.total).toBe(1);
    const [conversation] = page.requests;
    expect(conversation).toMatchObject({ id: first, kind: 'comparison', turnCount: 4 });
    expect(conversation!.turns.map((turn) => [turn.id, turn.kind])).toEqual([
      [first, 'comparison'],
      [second, 'comparison'],
      [edited, 'comparison'],
      [alone, 'single'],
    ]);
    expect(conversation!.turns[2]).toMatchObject({ versionOf: second, followUpOf: first });
    expect(conversation!.totalCredits).toBe(conversation!.turns.reduce((sum, turn) => sum + turn.creditsUsed, 0));
  }, 90_000);

  it('pages and counts conversations, not turns, by their latest activity', async () => {
    const payer = await payerWith(10);
    const lone: string[] = [];
    for (let index = 1; index <= 24; index += 1) lone.push(await stored(payer.user.id, { query: `Lone question ${index}`, minutesAgo: 1_000 - index * 10 }));
    // The oldest question of all, followed up twice since: its conversation is the most recently active.
    const root = await stored(payer.user.id, { query: 'Old conversation', minutesAgo: 5_000 });
    const middle = await stored(payer.user.id, { query: 'Its second turn', minutesAgo: 50, followUpOf: root });
    const last = await stored(payer.user.id, { query: 'Its third turn', minutesAgo: 5, followUpOf: middle });

    const first = await history(payer.cookie);
    expect(first.total).toBe(25);
    expect(first.requests).toHaveLength(20);
    expect(first.requests[0]).toMatchObject({ id: root, query: 'Old conversation', turnCount: 3 });
    expect(first.requests[0]!.turns.map((turn) => turn.id)).toEqual([root, middle, last]);
    expect(first.requests.slice(1).map((entry) => entry.query)).toEqual(Array.from({ length: 19 }, (_, index) => `Lone question ${24 - index}`));
    const next = await history(payer.cookie, '?offset=20');
    expect(next.total).toBe(25);
    expect(next.requests.map((entry) => entry.id)).toEqual(lone.slice(0, 5).reverse());
    // No turn is listed twice, or as an entry of its own.
    const listed = [...first.requests, ...next.requests].flatMap((entry) => entry.turns.map((turn) => turn.id));
    expect(new Set(listed).size).toBe(27);
    expect([...first.requests, ...next.requests].map((entry) => entry.id)).not.toContain(middle);
    expect(await history(payer.cookie, '?offset=25')).toEqual({ total: 25, requests: [] });
    const small = await history(payer.cookie, '?limit=1&offset=1');
    expect(small).toMatchObject({ total: 25, requests: [{ query: 'Lone question 24' }] });
  });

  it('finds a conversation by its second question and lists it once, whole', async () => {
    const payer = await payerWith(10);
    const root = await stored(payer.user.id, { query: 'How do bees fly?', minutesAgo: 30 });
    const second = await stored(payer.user.id, { query: 'And bumblebees in the cold?', minutesAgo: 20, followUpOf: root });
    await stored(payer.user.id, { query: 'Do they sleep?', minutesAgo: 10, followUpOf: second });
    await stored(payer.user.id, { query: 'Why are bees striped?', minutesAgo: 5 });

    const found = await history(payer.cookie, '?search=BUMBLEBEES');
    expect(found.total).toBe(1);
    expect(found.requests[0]).toMatchObject({ id: root, query: 'How do bees fly?', turnCount: 3 });
    expect(queriesOf(found.requests[0]!)).toEqual(['How do bees fly?', 'And bumblebees in the cold?', 'Do they sleep?']);
    // A word in several turns still counts the conversation once.
    const bees = await history(payer.cookie, '?search=bee');
    expect(bees.total).toBe(2);
    expect(bees.requests.map((entry) => entry.query)).toEqual(['Why are bees striped?', 'How do bees fly?']);
    const paged = await history(payer.cookie, '?search=bee&limit=1&offset=1');
    expect(paged).toMatchObject({ total: 2, requests: [{ id: root, turnCount: 3 }] });
    expect((await history(payer.cookie, '?search=sleep')).requests.map((entry) => entry.id)).toEqual([root]);
  });

  it('follows a follow-up that names a regenerated answer, keeps an edited first question, and starts anew after an arena round', async () => {
    const payer = await payerWith(10);
    const root = await stored(payer.user.id, { query: 'What is fog?', minutesAgo: 40 });
    const again = await stored(payer.user.id, { query: 'What is fog?', minutesAgo: 35, retryOf: root });
    const edited = await stored(payer.user.id, { query: 'What is fog, exactly?', minutesAgo: 33, versionOf: root });
    const followed = await stored(payer.user.id, { query: 'And mist?', minutesAgo: 30, followUpOf: again });
    const round = await stored(payer.user.id, { query: 'Blind question', minutesAgo: 20, kind: 'arena' });
    const afterRound = await stored(payer.user.id, { query: 'After the vote', minutesAgo: 10, kind: 'comparison', followUpOf: round });

    const page = await history(payer.cookie);
    expect(page.total).toBe(2);
    expect(page.requests.map((entry) => [entry.id, entry.turns.map((turn) => turn.id)])).toEqual([
      [afterRound, [afterRound]],
      [root, [root, edited, followed]],
    ]);
    // The regenerated answer is a version inside the first turn, and the latest activity of its conversation.
    expect(page.requests[1]!.turns[0]!.results[0]!.versions).toHaveLength(2);
    expect(page.requests[1]!.lastActivityAt).toBe(page.requests[1]!.turns[2]!.createdAt);
    // The edited first question is a turn of the conversation, not an entry to delete on its own.
    const refused = await deleteEntry(payer.cookie, edited);
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_ERROR' } } });
    // A tracking run's question is not in the chat history, so it is not found there.
    const tracked = await stored(payer.user.id, { query: 'Tracked prompt', minutesAgo: 1, kind: 'tracking' });
    expect((await deleteEntry(payer.cookie, tracked)).body.error).toEqual({ code: 'NOT_FOUND', message: 'Request not found' });
    expect(await deleteEntry(payer.cookie, root)).toMatchObject({ status: 200 });
    expect((await history(payer.cookie)).requests.map((entry) => entry.id)).toEqual([afterRound]);
    const left = await stack.records().count(SearchRequest, { id: [root, again, edited, followed, round, afterRound, tracked] });
    expect(left).toBe(3);
  });
});

describe('DELETE /api/user-requests/:id deletes a conversation', () => {
  it('removes every turn with its versions, refuses a later turn on its own, and keeps the ledger', async () => {
    const payer = await payerWith(150);
    const first = await ask(payer.cookie, 'Delete this conversation');
    await ask(payer.cookie, 'Delete this conversation', { retryOf: first });
    const second = await ask(payer.cookie, 'Its follow-up', { followUpOf: first });
    const edited = await ask(payer.cookie, 'Its follow-up, edited', { versionOf: second });
    const third = await ask(payer.cookie, 'Its last turn', { followUpOf: edited });
    const kept = await ask(payer.cookie, 'Keep this one');
    const ledger = await accountLedger(stack.records(), payer.accountId);
    expect(ledger).toEqual({ balance: 150 - 6 * 6, held: 0 });
    const entries = async () =>
      Number((await stack.records().getConnection().execute<{ count: string }[]>(`select count(*) from credit_entries where account_id = ?`, [payer.accountId]))[0]!.count);
    const entriesBefore = await entries();

    const later = await deleteEntry(payer.cookie, third);
    expect(later).toMatchObject({
      status: 400,
      body: { success: false, error: { code: 'VALIDATION_ERROR', message: 'This question is a turn of a conversation: delete the conversation, named by its first question.' } },
    });
    expect((await history(payer.cookie)).requests.find((entry) => entry.id === first)?.turnCount).toBe(4);

    expect(await deleteEntry(payer.cookie, first)).toEqual({ status: 200, body: { success: true, data: { id: first, message: 'Request deleted.' }, error: null } });
    const page = await history(payer.cookie);
    expect(page).toMatchObject({ total: 1, requests: [{ id: kept, turnCount: 1 }] });
    const left = await stack.records().getConnection().execute<{ query: string }[]>(`select query from search_requests where user_id = ? order by created_at`, [payer.user.id]);
    expect(left.map((row) => row.query)).toEqual(['Keep this one']);
    // Every charge stays booked, once.
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual(ledger);
    expect(await entries()).toBe(entriesBefore);
  }, 90_000);

  it('refuses while any turn is still being answered, and deletes nothing', async () => {
    const payer = await payerWith(10);
    const root = await stored(payer.user.id, { query: 'Finished first turn', minutesAgo: 10 });
    const em = stack.records();
    const answering = em.create(SearchRequest, {
      id: randomUUID(),
      query: 'Still answering',
      engine: 'openai',
      model: 'gpt-4o-mini',
      user: payer.user.id,
      status: 'pending',
      followUpOf: root,
    });
    em.create(ModelRun, { id: randomUUID(), request: answering, engine: 'openai', model: 'gpt-4o-mini', status: 'running' });
    await em.flush();

    const refused = await deleteEntry(payer.cookie, root);
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'Wait for every answer to finish before deleting this request.' } } });
    expect(await stack.records().count(SearchRequest, { id: [root, answering.id] })).toBe(2);
  });
});
