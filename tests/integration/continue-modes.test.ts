import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { answerText, postSearchStream, THREE_MODELS, type SearchStreamResult } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { answersByModel, requestIdOf } from '../support/comparison-turns.ts';

/**
 * The ways a conversation goes on, on a real stack with the providers' SDKs against the simulator: each model with
 * its own answers (independent), every model given one chosen answer (carry), one model alone (fork), and an
 * edited question asked again as a new version of its turn. What each provider was sent is read back from the
 * simulator; every turn is charged exactly like a normal follow-up, and a wrong continuation is refused for nothing.
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

// gpt-4o-mini 6 + deepseek-chat 6 + llama-3.1-8b-instant 2 credits.
const TURN_CREDITS = 14;
const [GPT, DEEPSEEK, LLAMA] = THREE_MODELS as [(typeof THREE_MODELS)[number], (typeof THREE_MODELS)[number], (typeof THREE_MODELS)[number]];

const compare = (cookie: string, query: string, fields: Record<string, unknown> = {}, models = THREE_MODELS) =>
  postSearchStream(stack.baseUrl, { query, models, ...fields }, { path: '/api/compare/stream', headers: { cookie } });

const askOne = (cookie: string, query: string, model: { engine: string; model: string }, fields: Record<string, unknown> = {}) =>
  postSearchStream(stack.baseUrl, { query, model: model.engine, specificModel: model.model, ...fields }, { headers: { cookie } });

/** The earlier messages the simulator received for `model` when `question` was the last user message. */
function earlierSentTo(model: string, question: string): string[] {
  const sent = stack.simulator.requests.filter((request) => request.model === model && request.lastUserMessage.includes(question));
  expect(sent, `${model} was asked "${question}" once`).toHaveLength(1);
  return sent[0]!.earlierMessages ?? [];
}

const getJson = (path: string, cookie: string) => fetch(`${stack.baseUrl}${path}`, { headers: { cookie } }).then(async (response) => ({ status: response.status, body: await response.json() }));

describe('independent mode', () => {
  it('gives each model its own earlier answer, the same as a follow-up without a mode', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const first = await compare(payer.cookie, 'Which birds migrate furthest?');
    const answers = answersByModel(first);
    const second = await compare(payer.cookie, 'How do they navigate?', { followUpOf: requestIdOf(first), continueMode: 'independent' });
    expect(second.events.at(-1)?.event).toBe('all_complete');
    for (const { model } of THREE_MODELS) {
      expect(earlierSentTo(model, 'How do they navigate?').slice(-2)).toEqual(['Which birds migrate furthest?', answers.get(model)]);
    }
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150 - 2 * TURN_CREDITS, held: 0 });
  }, 60_000);
});

describe('carrying one answer to all', () => {
  it('gives every model the chosen answer, keeps it in later turns, records it, and charges each turn', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const first = await compare(payer.cookie, 'Which spices did traders value most?');
    const firstAnswers = answersByModel(first);
    const carried = firstAnswers.get(DEEPSEEK.model)!;

    const second = await compare(payer.cookie, 'Why were they so dear?', { followUpOf: requestIdOf(first), continueMode: 'carry', carryFrom: 'deepseek/deepseek-chat' });
    expect(second.status).toBe(200);
    expect(second.events.at(-1)?.event).toBe('all_complete');
    const secondAnswers = answersByModel(second);
    for (const { model } of THREE_MODELS) {
      const earlier = earlierSentTo(model, 'Why were they so dear?');
      expect(earlier.slice(-2)).toEqual(['Which spices did traders value most?', carried]);
      for (const [other, answer] of firstAnswers) if (other !== DEEPSEEK.model) expect(earlier).not.toContain(answer);
    }

    // A later independent turn keeps what each model was given: the carried answer, then its own.
    const third = await compare(payer.cookie, 'Which route was safest?', { followUpOf: requestIdOf(second) });
    expect(third.events.at(-1)?.event).toBe('all_complete');
    for (const { model } of THREE_MODELS) {
      expect(earlierSentTo(model, 'Which route was safest?').slice(-4)).toEqual([
        'Which spices did traders value most?',
        carried,
        'Why were they so dear?',
        secondAnswers.get(model),
      ]);
    }
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150 - 3 * TURN_CREDITS, held: 0 });

    // The thread and the history say which answer was carried, so a reloaded page can show it.
    const thread = await getJson(`/api/requests/${requestIdOf(third)}/thread`, payer.cookie);
    expect(thread.body.data.turns.map((turn: { continueMode: string; carryFrom: string | null }) => [turn.continueMode, turn.carryFrom])).toEqual([
      ['independent', null],
      ['carry', 'deepseek/deepseek-chat'],
    ]);
    expect(thread.body.data.current).toMatchObject({ continueMode: 'independent', carryFrom: null });
    const history = await getJson('/api/user-requests', payer.cookie);
    const turns = history.body.data.requests.flatMap((entry: { turns: { id: string }[] }) => entry.turns);
    const item = turns.find((request: { id: string }) => request.id === requestIdOf(second));
    expect(item).toMatchObject({ continueMode: 'carry', carryFrom: 'deepseek/deepseek-chat', followUpOf: requestIdOf(first), versionOf: null });

    // Editing the carried question keeps it carried: the new version is given the same answer.
    const edited = await compare(payer.cookie, 'Why were spices so expensive in Venice?', { versionOf: requestIdOf(second) });
    expect(edited.events.at(-1)?.event).toBe('all_complete');
    for (const { model } of THREE_MODELS) expect(earlierSentTo(model, 'Why were spices so expensive in Venice?')).toEqual(expect.arrayContaining([carried]));
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150 - 4 * TURN_CREDITS, held: 0 });
  }, 90_000);

  it('does not charge a model that fails in a carried turn', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const first = await compare(payer.cookie, 'Name a famous lighthouse.');
    const second = await compare(payer.cookie, 'How tall is it? [[simulate for=deepseek status=401]]', {
      followUpOf: requestIdOf(first),
      continueMode: 'carry',
      carryFrom: 'openai/gpt-4o-mini',
    });
    expect(second.events.at(-1)?.event).toBe('all_complete');
    // The first turn in full, then the carried turn without deepseek-chat's 6.
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150 - TURN_CREDITS - (TURN_CREDITS - 6), held: 0 });
  }, 60_000);
});

describe('continuing one model on its own', () => {
  it('forks a comparison into a single conversation that keeps that model’s own turns', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const first = await compare(payer.cookie, 'Which deserts are the coldest?');
    const llamaAnswer = answersByModel(first).get(LLAMA.model)!;

    const fork = await askOne(payer.cookie, 'Tell me more about the first one.', LLAMA, { followUpOf: requestIdOf(first), continueMode: 'fork' });
    expect(fork.status).toBe(200);
    expect(earlierSentTo(LLAMA.model, 'Tell me more about the first one.').slice(-2)).toEqual(['Which deserts are the coldest?', llamaAnswer]);
    // Only that model was asked.
    for (const other of [GPT, DEEPSEEK]) expect(stack.simulator.requests.some((request) => request.model === other.model && request.lastUserMessage.includes('Tell me more'))).toBe(false);

    const next = await askOne(payer.cookie, 'What lives there?', LLAMA, { followUpOf: requestIdOf(fork) });
    expect(next.status).toBe(200);
    expect(earlierSentTo(LLAMA.model, 'What lives there?').slice(-4)).toEqual([
      'Which deserts are the coldest?',
      llamaAnswer,
      'Tell me more about the first one.',
      answerText(fork.events),
    ]);

    const [stored] = await stack.records().execute<{ kind: string; continue_mode: string; follow_up_of: string }[]>(
      `select kind, continue_mode, follow_up_of from search_requests where id = ?`,
      [requestIdOf(fork)],
    );
    expect(stored).toEqual({ kind: 'single', continue_mode: 'fork', follow_up_of: requestIdOf(first) });
    // One comparison, then two single turns of llama-3.1-8b-instant at 2 credits.
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150 - TURN_CREDITS - 2 - 2, held: 0 });
    // After a reload the single conversation shows the comparison turn it came from.
    const thread = await getJson(`/api/requests/${requestIdOf(next)}/thread`, payer.cookie);
    expect(thread.body.data.turns.map((turn: { query: string; continueMode: string }) => [turn.query, turn.continueMode])).toEqual([
      ['Which deserts are the coldest?', 'independent'],
      ['Tell me more about the first one.', 'fork'],
    ]);
  }, 60_000);
});

describe('editing a question and sending it again', () => {
  it('adds a version of the turn that sees only the earlier turns, keeps the old branch readable, and charges it once', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const first = await compare(payer.cookie, 'Which mountains are hardest to climb?');
    const firstAnswers = answersByModel(first);
    const second = await compare(payer.cookie, 'Which killed the most climbers?', { followUpOf: requestIdOf(first) });
    const secondAnswers = answersByModel(second);
    const third = await compare(payer.cookie, 'Which is safest today?', { followUpOf: requestIdOf(second) });
    expect(third.events.at(-1)?.event).toBe('all_complete');

    const edited = await compare(payer.cookie, 'Which has the most summits per year?', { versionOf: requestIdOf(second) });
    expect(edited.status).toBe(200);
    expect(edited.events.at(-1)?.event).toBe('all_complete');
    for (const { model } of THREE_MODELS) {
      const earlier = earlierSentTo(model, 'Which has the most summits per year?');
      expect(earlier.slice(-2)).toEqual(['Which mountains are hardest to climb?', firstAnswers.get(model)]);
      // Neither the question it replaces nor anything after it.
      expect(earlier.join('\n')).not.toContain('Which killed the most climbers?');
      expect(earlier).not.toContain(secondAnswers.get(model));
      expect(earlier.join('\n')).not.toContain('Which is safest today?');
    }
    const [stored] = await stack.records().execute<{ follow_up_of: string; version_of: string }[]>(
      `select follow_up_of, version_of from search_requests where id = ?`,
      [requestIdOf(edited)],
    );
    expect(stored).toEqual({ follow_up_of: requestIdOf(first), version_of: requestIdOf(second) });

    // Version 2 of 2; the first version's branch goes on to the third turn, which stays readable.
    const thread = await getJson(`/api/requests/${requestIdOf(edited)}/thread`, payer.cookie);
    expect(thread.body.data.turns.map((turn: { query: string }) => turn.query)).toEqual(['Which mountains are hardest to climb?']);
    expect(thread.body.data.current.versions).toEqual([
      { requestId: requestIdOf(second), query: 'Which killed the most climbers?', latestRequestId: requestIdOf(third) },
      { requestId: requestIdOf(edited), query: 'Which has the most summits per year?', latestRequestId: requestIdOf(edited) },
    ]);
    const oldBranch = await getJson(`/api/requests/${requestIdOf(third)}/thread`, payer.cookie);
    expect(oldBranch.body.data.turns.map((turn: { query: string }) => turn.query)).toEqual(['Which mountains are hardest to climb?', 'Which killed the most climbers?']);
    expect(oldBranch.body.data.turns[1].versions).toHaveLength(2);
    const oldLatest = await getJson(`/api/requests/${requestIdOf(third)}`, payer.cookie);
    expect(oldLatest.body.data).toMatchObject({ id: requestIdOf(third), query: 'Which is safest today?', kind: 'comparison', followUpOf: requestIdOf(second) });
    expect(oldLatest.body.data.results).toHaveLength(3);

    // An edit of an edit is one more version of the same turn; editing the first question starts a new thread.
    const again = await compare(payer.cookie, 'Which is climbed most often?', { versionOf: requestIdOf(edited) });
    const [againStored] = await stack.records().execute<{ version_of: string }[]>(`select version_of from search_requests where id = ?`, [requestIdOf(again)]);
    expect(againStored!.version_of).toBe(requestIdOf(second));
    const firstEdited = await compare(payer.cookie, 'Which volcanoes are hardest to climb?', { versionOf: requestIdOf(first) });
    expect(earlierSentTo(GPT.model, 'Which volcanoes are hardest to climb?').some((text) => text.includes('mountains'))).toBe(false);
    const firstThread = await getJson(`/api/requests/${requestIdOf(firstEdited)}/thread`, payer.cookie);
    expect(firstThread.body.data.turns).toEqual([]);
    expect(firstThread.body.data.current.versions.map((version: { requestId: string }) => version.requestId)).toEqual([requestIdOf(first), requestIdOf(firstEdited)]);

    // Six comparisons of three models, each charged once.
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150 - 6 * TURN_CREDITS, held: 0 });
    const stranger = await createPayer(stack.records(), stack.config, 150);
    expect((await getJson(`/api/requests/${requestIdOf(third)}`, stranger.cookie)).status).toBe(404);
  }, 120_000);

  it('edits a single answer’s question in the single view’s terms', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const first = await askOne(payer.cookie, 'What is a pulsar?', GPT);
    const second = await askOne(payer.cookie, 'How fast do they spin?', GPT, { followUpOf: requestIdOf(first) });
    const edited = await askOne(payer.cookie, 'How old do they get?', GPT, { versionOf: requestIdOf(second) });
    expect(edited.status).toBe(200);
    expect(earlierSentTo(GPT.model, 'How old do they get?').slice(-2)).toEqual(['What is a pulsar?', answerText(first.events)]);
    // A comparison cannot be a version of a single question.
    const mixed = await compare(payer.cookie, 'How old do they get, really?', { versionOf: requestIdOf(second) });
    expect(mixed.status).toBe(400);
    expect(mixed.envelope).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: 'An edited question is asked of the same models as the question it replaces.' } });
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150 - 3 * 6, held: 0 });
  }, 60_000);
});

describe('a refused continuation', () => {
  it('names what is wrong, and costs nothing', async () => {
    const owner = await createPayer(stack.records(), stack.config, 150);
    const stranger = await createPayer(stack.records(), stack.config, 150);
    const first = await compare(owner.cookie, 'What makes a good bridge? [[simulate for=llama status=401]]');
    const parent = requestIdOf(first);
    const refusals: [SearchStreamResult, number, string | RegExp][] = [
      [
        await compare(owner.cookie, 'And why?', { followUpOf: parent, continueMode: 'carry', carryFrom: 'anthropic/claude-3-haiku-20240307' }),
        400,
        'Claude 3 Haiku was not part of the conversation: carry the answer of one of its models.',
      ],
      [
        await compare(owner.cookie, 'And why?', { followUpOf: parent, continueMode: 'carry', carryFrom: 'groq/llama-3.1-8b-instant' }),
        400,
        /has no finished answer to carry/,
      ],
      [await compare(stranger.cookie, 'And why?', { followUpOf: parent, continueMode: 'carry', carryFrom: 'openai/gpt-4o-mini' }), 404, 'The conversation to continue was not found.'],
      [await compare(owner.cookie, 'And why?', { followUpOf: parent, continueMode: 'carry' }), 400, 'Choose the answer to carry: carryFrom names its model as engine/model.'],
      [await compare(owner.cookie, 'And why?', { followUpOf: parent, carryFrom: 'openai/gpt-4o-mini' }), 400, 'carryFrom is only used with continueMode "carry".'],
      [await compare(owner.cookie, 'And why?', { continueMode: 'carry', carryFrom: 'openai/gpt-4o-mini' }), 400, 'A continue mode needs followUpOf: the finished request to continue.'],
      [await compare(owner.cookie, 'And why?', { followUpOf: parent, continueMode: 'fork' }), 400, /through \/api\/search with continueMode "fork"/],
      [await askOne(owner.cookie, 'And why?', { engine: 'anthropic', model: 'claude-3-haiku-20240307' }, { followUpOf: parent, continueMode: 'fork' }), 400, /was not part of this conversation/],
      [await compare(stranger.cookie, 'And why?', { versionOf: parent }), 404, 'The question to edit was not found.'],
      [await compare(owner.cookie, 'And why?', { versionOf: parent, followUpOf: parent }), 400, /leave out followUpOf, continueMode and carryFrom/],
      [await compare(owner.cookie, 'And why?', { followUpOf: parent, continueMode: 'sideways' }), 400, /continueMode/],
    ];
    for (const [result, status, message] of refusals) {
      expect(result.status).toBe(status);
      expect((result.envelope as { error: { message: string } }).error.message).toMatch(message);
    }
    // Only the first comparison, less the model that failed.
    expect(await accountLedger(stack.records(), owner.accountId)).toEqual({ balance: 150 - (TURN_CREDITS - 2), held: 0 });
    expect(await accountLedger(stack.records(), stranger.accountId)).toEqual({ balance: 150, held: 0 });
  }, 90_000);

  it('refuses to carry an answer from a request still answering', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    let refusal: SearchStreamResult | undefined;
    await postSearchStream(
      stack.baseUrl,
      { query: 'Describe a tide pool [[simulate chunks=40 chunk-ms=50]]', models: THREE_MODELS },
      {
        path: '/api/compare/stream',
        headers: { cookie: payer.cookie },
        onEvent: async (event) => {
          if (event.event !== 'model_chunk' || refusal) return;
          refusal = await compare(payer.cookie, 'And the animals?', { followUpOf: String(event.data.requestId), continueMode: 'carry', carryFrom: 'openai/gpt-4o-mini' });
        },
      },
    );
    expect(refusal!.status).toBe(400);
    expect(refusal!.envelope).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: 'Wait for every answer to finish before asking a follow-up.' } });
  }, 60_000);
});
