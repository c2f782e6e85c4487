import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { answerText, postSearchStream, THREE_MODELS, type SearchStreamResult } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { answersByModel, requestIdOf } from '../support/comparison-turns.ts';

/**
 * Follow-up questions on a real stack: each model of a comparison continues its own conversation (it is given the
 * earlier questions and its own earlier answers, never another model's), each turn is charged like a new question,
 * and a follow-up is refused unless it continues the caller's own finished request with the same models.
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

const compare = (cookie: string, query: string, followUpOf?: string, models = THREE_MODELS) =>
  postSearchStream(stack.baseUrl, { query, models, ...(followUpOf ? { followUpOf } : {}) }, { path: '/api/compare/stream', headers: { cookie } });

/** What the simulator received for `model` with `question` as the last user message. */
const sentTo = (model: string, question: string) => stack.simulator.requests.find((request) => request.model === model && request.lastUserMessage.includes(question));

describe('a follow-up in a comparison', () => {
  it('gives each model its own side of the thread, over two follow-ups, and charges every turn', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const first = await compare(payer.cookie, 'Which volcanoes erupted most violently?');
    expect(first.status).toBe(200);
    const firstAnswers = answersByModel(first);
    expect(firstAnswers.size).toBe(3);

    const second = await compare(payer.cookie, 'Which of those threatened cities?', requestIdOf(first));
    expect(second.status).toBe(200);
    expect(second.events.at(-1)?.event).toBe('all_complete');
    const secondAnswers = answersByModel(second);

    for (const { model } of THREE_MODELS) {
      const earlier = sentTo(model, 'Which of those threatened cities?')!.earlierMessages!;
      expect(earlier).toContain('Which volcanoes erupted most violently?');
      expect(earlier).toContain(firstAnswers.get(model));
      // Never another model's words.
      for (const [other, answer] of firstAnswers) if (other !== model) expect(earlier).not.toContain(answer);
    }

    const third = await compare(payer.cookie, 'Summarise the danger for tourists.', requestIdOf(second));
    for (const { model } of THREE_MODELS) {
      const earlier = sentTo(model, 'Summarise the danger for tourists.')!.earlierMessages!;
      const ownTurns = [
        'Which volcanoes erupted most violently?',
        firstAnswers.get(model),
        'Which of those threatened cities?',
        secondAnswers.get(model),
      ];
      // In order, oldest first, after anything the provider puts ahead of the conversation.
      expect(earlier.slice(-4)).toEqual(ownTurns);
    }
    expect(third.events.at(-1)?.event).toBe('all_complete');

    // gpt-4o-mini 6 + deepseek-chat 6 + llama-3.1-8b-instant 2 = 14 per turn, three turns.
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150 - 3 * 14, held: 0 });
    const [stored] = await stack.records().execute<{ follow_up_of: string | null }[]>(`select follow_up_of from search_requests where id = ?`, [requestIdOf(third)]);
    expect(stored!.follow_up_of).toBe(requestIdOf(second));

    // The whole conversation can be read back (a reloaded page shows it again), but only by its owner.
    const thread = await fetch(`${stack.baseUrl}/api/requests/${requestIdOf(third)}/thread`, { headers: { cookie: payer.cookie } }).then((response) => response.json());
    expect(thread.data.turns.map((turn: { query: string }) => turn.query)).toEqual(['Which volcanoes erupted most violently?', 'Which of those threatened cities?']);
    const firstTurnAnswers = new Map(thread.data.turns[0].results.map((result: { model: string; response: string }) => [result.model, result.response]));
    expect(firstTurnAnswers).toEqual(firstAnswers);
    const stranger = await createPayer(stack.records(), stack.config, 150);
    expect((await fetch(`${stack.baseUrl}/api/requests/${requestIdOf(third)}/thread`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    // The history lists the conversation once, each of its turns marked with the request it continues.
    const history = await fetch(`${stack.baseUrl}/api/user-requests`, { headers: { cookie: payer.cookie } }).then((response) => response.json());
    expect(history.data).toMatchObject({ total: 1, requests: [{ id: requestIdOf(first), turnCount: 3 }] });
    const followUps = new Map(history.data.requests[0].turns.map((item: { id: string; followUpOf: string | null }) => [item.id, item.followUpOf]));
    expect(followUps.get(requestIdOf(third))).toBe(requestIdOf(second));
    expect(followUps.get(requestIdOf(second))).toBe(requestIdOf(first));
    expect(followUps.get(requestIdOf(first))).toBeNull();
    const firstThread = await fetch(`${stack.baseUrl}/api/requests/${requestIdOf(first)}/thread`, { headers: { cookie: payer.cookie } }).then((response) => response.json());
    expect(firstThread.data.turns).toEqual([]);
  }, 60_000);

  it('lets a follow-up continue fewer of the models, and leaves a model out of the turns it did not answer', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const first = await compare(payer.cookie, 'Name three rivers in Europe [[simulate status=500 fail-times=9]]', undefined, THREE_MODELS);
    const failedModels = [...answersByModel(first).keys()];
    expect(failedModels).toHaveLength(3);
    const second = await compare(payer.cookie, 'Which is the longest?', requestIdOf(first), THREE_MODELS.slice(0, 1));
    expect(second.status).toBe(200);
    const earlier = sentTo(THREE_MODELS[0]!.model, 'Which is the longest?')!.earlierMessages!;
    expect(earlier.some((text) => text.includes('Name three rivers'))).toBe(false);
  }, 60_000);
});

describe('a model asked again inside a conversation', () => {
  it('puts its new answer in the conversation in place of the old one', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const first = await compare(payer.cookie, 'Which metals conduct heat best?');
    const parent = requestIdOf(first);
    const [gpt] = THREE_MODELS;
    // Regenerate one column: a single question for that model, naming the comparison it belongs to.
    const again = await postSearchStream(
      stack.baseUrl,
      { query: 'Which metals conduct heat best? [[simulate chunks=3]]', model: gpt!.engine, specificModel: gpt!.model, retryOf: parent },
      { headers: { cookie: payer.cookie } },
    );
    expect(again.status).toBe(200);
    const regenerated = answerText(again.events);
    expect(regenerated).not.toBe(answersByModel(first).get(gpt!.model));

    await compare(payer.cookie, 'Which of them is cheapest?', parent);
    const earlier = sentTo(gpt!.model, 'Which of them is cheapest?')!.earlierMessages!;
    expect(earlier).toContain(regenerated);
    expect(earlier).not.toContain(answersByModel(first).get(gpt!.model));
    // The other models keep their own first answers.
    expect(sentTo(THREE_MODELS[1]!.model, 'Which of them is cheapest?')!.earlierMessages).toContain(answersByModel(first).get(THREE_MODELS[1]!.model));
    // A reloaded page shows the regenerated answer in the thread too.
    const latest = (await stack.records().execute<{ id: string }[]>(`select id from search_requests where follow_up_of = ?`, [parent]))[0]!.id;
    const thread = await fetch(`${stack.baseUrl}/api/requests/${latest}/thread`, { headers: { cookie: payer.cookie } }).then((response) => response.json());
    const shown = thread.data.turns[0].results.find((result: { model: string }) => result.model === gpt!.model);
    expect(shown.response).toBe(regenerated);

    const stranger = await createPayer(stack.records(), stack.config, 150);
    const stolen = await postSearchStream(stack.baseUrl, { query: 'Q?', model: gpt!.engine, specificModel: gpt!.model, retryOf: parent }, { headers: { cookie: stranger.cookie } });
    expect(stolen.status).toBe(404);
  }, 60_000);
});

describe('a refused follow-up', () => {
  it('is 404 for an unknown request and for someone else’s, 400 for a model not in the thread, and costs nothing', async () => {
    const owner = await createPayer(stack.records(), stack.config, 150);
    const stranger = await createPayer(stack.records(), stack.config, 150);
    const first = await compare(owner.cookie, 'Where do glaciers form?');
    const parent = requestIdOf(first);

    const unknown = await compare(owner.cookie, 'And why?', '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    const stolen = await compare(stranger.cookie, 'And why?', parent);
    expect(stolen.status).toBe(404);
    expect(stolen.envelope).toMatchObject({ error: { code: 'NOT_FOUND', message: 'The conversation to continue was not found.' } });
    const otherModel = await compare(owner.cookie, 'And why?', parent, [{ engine: 'anthropic', model: 'claude-3-haiku-20240307' }]);
    expect(otherModel.status).toBe(400);
    expect((otherModel.envelope as { error: { message: string } }).error.message).toMatch(/was not part of this conversation/);

    expect(await accountLedger(stack.records(), stranger.accountId)).toEqual({ balance: 150, held: 0 });
    expect(await accountLedger(stack.records(), owner.accountId)).toEqual({ balance: 150 - 14, held: 0 });
  }, 60_000);

  it('waits for every answer of the request it continues', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    let parent: string | undefined;
    let refusal: SearchStreamResult | undefined;
    await postSearchStream(
      stack.baseUrl,
      { query: 'Describe the water cycle [[simulate chunks=40 chunk-ms=50]]', models: THREE_MODELS },
      {
        path: '/api/compare/stream',
        headers: { cookie: payer.cookie },
        onEvent: async (event) => {
          if (event.event !== 'model_chunk' || parent) return;
          parent = String(event.data.requestId);
          refusal = await compare(payer.cookie, 'And in deserts?', parent);
        },
      },
    );
    expect(refusal!.status).toBe(400);
    expect(refusal!.envelope).toMatchObject({ error: { message: 'Wait for every answer to finish before asking a follow-up.' } });
  }, 60_000);
});

describe('a follow-up to a single answer', () => {
  it('continues the one model’s conversation', async () => {
    const first = await stack.ask({ query: 'What is a neutron star?', model: 'openai', specificModel: 'gpt-4o-mini' });
    const requestId = String(first.events.find((event) => event.event === 'start')!.data.requestId);
    const second = await stack.ask({ query: 'How dense is one?', model: 'openai', specificModel: 'gpt-4o-mini', followUpOf: requestId });
    expect(second.status).toBe(200);
    const earlier = sentTo('gpt-4o-mini', 'How dense is one?')!.earlierMessages!;
    expect(earlier.slice(-2)).toEqual(['What is a neutron star?', answerText(first.events)]);
  }, 30_000);
});
