import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWords } from '../../simulator/request-fields.ts';
import type { SimulatedRequest } from '../../simulator/simulated-request.ts';
import { accountLedger, createPayer, storedRequestCount } from '../support/funded-user.ts';
import { postSearchStream, type SearchStreamResult } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * Per-column settings and token figures on a real stack (server, worker, every provider's real SDK against the
 * simulator): each model's system prompt and temperature reach its provider in that provider's own fields, a setting
 * the catalogue says a model does not take is refused before anything is held, follow-ups and retries keep a column's
 * settings, and the cache and reasoning counts of each provider's usage reach the end of the answer and the history.
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

interface CompletedResult {
  runId: string;
  engine: string;
  model: string;
  success: boolean;
  response: string;
  inputTokens: number | null;
  outputTokens: number | null;
  cachedTokens: number | null;
  reasoningTokens: number | null;
}

const compare = (body: Record<string, unknown>, cookie = stack.fundedCookie) =>
  postSearchStream(stack.baseUrl, body, { path: '/api/compare/stream', headers: { cookie } });

const search = (body: Record<string, unknown>, cookie = stack.fundedCookie) => postSearchStream(stack.baseUrl, body, { headers: { cookie } });

function requestIdOf(result: SearchStreamResult): string {
  const started = result.events.find((event) => event.event === 'model_start' || event.event === 'start');
  return String(started!.data.requestId);
}

/** Each model's result from a finished comparison stream (`model_complete`, built from its run's end event). */
function resultsByModel(result: SearchStreamResult): Map<string, CompletedResult> {
  expect(result.status).toBe(200);
  expect(result.events.at(-1)?.event).toBe('all_complete');
  const results = new Map<string, CompletedResult>();
  for (const event of result.events.filter((candidate) => candidate.event === 'model_complete')) {
    const completed = event.data.result as CompletedResult;
    expect(completed.success).toBe(true);
    results.set(completed.model, completed);
  }
  return results;
}

/** What the simulator received for `model` with `question` in the last user message. */
function sentTo(model: string, question: string): SimulatedRequest {
  const found = stack.simulator.requests.findLast((request) => request.model === model && request.lastUserMessage.includes(question));
  expect(found, `${model} was asked "${question}"`).toBeDefined();
  return found!;
}

async function historyResults(requestId: string, cookie = stack.fundedCookie): Promise<(CompletedResult & { settings: unknown })[]> {
  const body = (await (await fetch(`${stack.baseUrl}/api/user-requests?limit=100`, { headers: { cookie } })).json()) as {
    data: { requests: { turns: { id: string; results: (CompletedResult & { settings: unknown })[] }[] }[] };
  };
  // A follow-up is a turn of its conversation's entry.
  const request = body.data.requests.flatMap((entry) => entry.turns).find((candidate) => candidate.id === requestId);
  expect(request, `request ${requestId} is in the history`).toBeDefined();
  return request!.results;
}

describe('the capability table', () => {
  it('lists on GET /api/models which settings each model accepts and which token figures it reports, beside the old fields', async () => {
    const body = (await (await fetch(`${stack.baseUrl}/api/models`)).json()) as {
      data: { models: Record<string, { models: { id: string; credits: number; freeTier: boolean; capabilities: Record<string, unknown> }[] }> };
    };
    const entry = (engine: string, model: string) => body.data.models[engine]!.models.find((candidate) => candidate.id === model)!;
    expect(entry('openai', 'gpt-4o-mini')).toMatchObject({ credits: 6, freeTier: false });
    expect(entry('openai', 'o1').capabilities).toEqual({ systemPrompt: true, cachedTokens: true, reasoningTokens: true, images: true });
    expect(entry('openai', 'gpt-5').capabilities.temperature).toBeUndefined();
    expect(entry('openai', 'gpt-4o').capabilities).toEqual({ systemPrompt: true, temperature: { min: 0, max: 2 }, cachedTokens: true, reasoningTokens: false, images: true });
    expect(entry('anthropic', 'claude-3-5-haiku-20241022').capabilities.temperature).toEqual({ min: 0, max: 1 });
    expect(entry('gemini', 'gemini-2.5-flash').capabilities).toEqual({ systemPrompt: true, temperature: { min: 0, max: 2 }, cachedTokens: true, reasoningTokens: true, images: true });
    expect(entry('deepseek', 'deepseek-reasoner').capabilities).toEqual({ systemPrompt: true, cachedTokens: true, reasoningTokens: true });
    expect(entry('groq', 'llama-3.1-8b-instant').capabilities.temperature).toEqual({ min: 0, max: 2 });
    expect(entry('ai-overview', 'google-ai-overview').capabilities).toEqual({ systemPrompt: false, cachedTokens: false, reasoningTokens: false });
  });
});

describe('a column’s system prompt and temperature', () => {
  it('reach every provider family in its own fields, and are stored with the run and shown in the history', async () => {
    const question = 'How do lighthouses work? [[simulate chunks=4]]';
    const asked = [
      { engine: 'openai', model: 'gpt-4o-mini', settings: { systemPrompt: 'Answer like a ship captain.', temperature: 0.3 } },
      { engine: 'anthropic', model: 'claude-3-5-haiku-20241022', settings: { systemPrompt: 'Answer in one paragraph.', temperature: 0.7 } },
      { engine: 'gemini', model: 'gemini-2.0-flash', settings: { systemPrompt: 'Answer for a child.', temperature: 1.4 } },
      { engine: 'deepseek', model: 'deepseek-chat', settings: { systemPrompt: 'Answer with a list.', temperature: 0.5 } },
      { engine: 'perplexity', model: 'sonar', settings: { systemPrompt: 'Cite nothing.', temperature: 0.9 } },
      { engine: 'groq', model: 'llama-3.1-8b-instant', settings: { temperature: 1.1 } },
    ];
    const result = await compare({ query: question, models: asked });
    const results = resultsByModel(result);
    expect(results.size).toBe(asked.length);

    expect(sentTo('gpt-4o-mini', question)).toMatchObject({ path: '/openai/v1/chat/completions', systemPrompt: 'Answer like a ship captain.', temperature: 0.3 });
    expect(sentTo('claude-3-5-haiku-20241022', question)).toMatchObject({ path: '/anthropic/v1/messages', systemPrompt: 'Answer in one paragraph.', temperature: 0.7 });
    expect(sentTo('gemini-2.0-flash', question)).toMatchObject({ systemPrompt: 'Answer for a child.', temperature: 1.4 });
    expect(sentTo('gemini-2.0-flash', question).path).toMatch(/^\/gemini\//);
    expect(sentTo('deepseek-chat', question)).toMatchObject({ path: '/deepseek/v1/chat/completions', systemPrompt: 'Answer with a list.', temperature: 0.5 });
    expect(sentTo('sonar', question)).toMatchObject({ systemPrompt: 'Cite nothing.', temperature: 0.9 });
    expect(sentTo('sonar', question).path).toMatch(/^\/perplexity\//);
    const groq = sentTo('llama-3.1-8b-instant', question);
    expect(groq.path).toMatch(/^\/groq\//);
    expect(groq.temperature).toBe(1.1);
    expect(groq.systemPrompt).toBeUndefined();

    const stored = await stack
      .records()
      .getConnection()
      .execute<{ model: string; settings: unknown }[]>(`select model, settings from model_runs where request_id = ?`, [requestIdOf(result)]);
    expect(stored.find((row) => row.model === 'claude-3-5-haiku-20241022')?.settings).toEqual({ systemPrompt: 'Answer in one paragraph.', temperature: 0.7 });
    const history = await historyResults(requestIdOf(result));
    expect(history.find((entry) => entry.model === 'llama-3.1-8b-instant')?.settings).toEqual({ temperature: 1.1 });
    expect(history.find((entry) => entry.model === 'gpt-4o-mini')?.settings).toEqual({ systemPrompt: 'Answer like a ship captain.', temperature: 0.3 });
  });

  it('reach the Responses API as `instructions` and `temperature` when OpenAI searches the web', async () => {
    const question = 'What is the tallest lighthouse? [[simulate chunks=4]]';
    const result = await search({
      query: question,
      model: 'openai',
      specificModel: 'gpt-4o',
      searchEnabled: true,
      settings: { systemPrompt: '  Be brief.  ', temperature: 0.4 },
    });
    expect(result.events.at(-1)?.event).toBe('end');
    // The blank around the prompt is not part of it.
    expect(sentTo('gpt-4o', question)).toMatchObject({ path: '/openai/v1/responses', systemPrompt: 'Be brief.', temperature: 0.4 });
    expect((await historyResults(requestIdOf(result)))[0]!.settings).toEqual({ systemPrompt: 'Be brief.', temperature: 0.4 });
  });

  it('is left out of the provider call, and stored as none, when a column has no settings or only a blank prompt', async () => {
    const question = 'Why do owls hoot? [[simulate chunks=3]]';
    const result = await compare({
      query: question,
      models: [
        { engine: 'openai', model: 'gpt-4o-mini' },
        { engine: 'anthropic', model: 'claude-3-5-haiku-20241022', settings: { systemPrompt: '   ' } },
      ],
    });
    resultsByModel(result);
    for (const model of ['gpt-4o-mini', 'claude-3-5-haiku-20241022']) {
      expect(sentTo(model, question).systemPrompt).toBeUndefined();
      expect(sentTo(model, question).temperature).toBeUndefined();
    }
    expect((await historyResults(requestIdOf(result))).map((entry) => entry.settings)).toEqual([null, null]);
  });
});

describe('a setting the model does not take', () => {
  const refusals: [string, Record<string, unknown>, string][] = [
    ['a temperature for a reasoning model', { engine: 'openai', model: 'o1', settings: { temperature: 0.5 } }, 'o1 does not accept a temperature'],
    [
      'a temperature outside the model’s range',
      { engine: 'anthropic', model: 'claude-3-5-haiku-20241022', settings: { temperature: 1.5 } },
      'Claude 3.5 Haiku accepts a temperature from 0 to 1',
    ],
    ['a negative temperature', { engine: 'gemini', model: 'gemini-2.0-flash', settings: { temperature: -0.1 } }, 'Gemini 2.0 Flash accepts a temperature from 0 to 2'],
    [
      'a system prompt for the AI Overview',
      { engine: 'ai-overview', model: 'google-ai-overview', settings: { systemPrompt: 'Be nice.' } },
      'AI Overview does not accept a system prompt',
    ],
    ['a system prompt over 2,000 characters', { engine: 'openai', model: 'gpt-4o-mini', settings: { systemPrompt: 'x'.repeat(2_001) } }, 'A system prompt can be at most 2,000 characters'],
  ];

  it.each(refusals)('is refused (%s) with a message naming the model, before anything is held or asked', async (_case, refused, message) => {
    const payer = await createPayer(stack.records(), stack.config, 100);
    const question = `Is this refused? ${message}`;
    const result = await compare({ query: question, models: [{ engine: 'groq', model: 'llama-3.1-8b-instant' }, refused] }, payer.cookie);
    expect(result.status).toBe(400);
    expect(result.envelope).toEqual({ success: false, data: null, error: { code: 'VALIDATION_ERROR', message } });
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 100, held: 0 });
    expect(await storedRequestCount(stack.records(), payer.user.id)).toBe(0);
    expect(stack.simulator.requests.some((request) => request.lastUserMessage.includes(question))).toBe(false);
  });

  it('is refused on a single question too', async () => {
    const payer = await createPayer(stack.records(), stack.config, 50);
    const result = await search({ query: 'Think hard', model: 'deepseek', specificModel: 'deepseek-reasoner', settings: { temperature: 1 } }, payer.cookie);
    expect(result.envelope?.error).toEqual({ code: 'VALIDATION_ERROR', message: 'DeepSeek Reasoner does not accept a temperature' });
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 50, held: 0 });
  });
});

describe('follow-ups and retries', () => {
  it('keep each column’s settings unless the question changes them, and Regenerate keeps them too', async () => {
    const payer = await createPayer(stack.records(), stack.config, 200);
    const captain = { systemPrompt: 'Answer like a ship captain.', temperature: 0.2 };
    const first = await compare(
      { query: 'Where do storms form? [[simulate chunks=3]]', models: [{ engine: 'openai', model: 'gpt-4o-mini', settings: captain }, { engine: 'deepseek', model: 'deepseek-chat' }] },
      payer.cookie,
    );
    resultsByModel(first);

    // Nothing said about settings: each model is asked as it was.
    const second = await compare(
      { query: 'Which ones reach land? [[simulate chunks=3]]', models: [{ engine: 'openai', model: 'gpt-4o-mini' }, { engine: 'deepseek', model: 'deepseek-chat' }], followUpOf: requestIdOf(first) },
      payer.cookie,
    );
    resultsByModel(second);
    expect(sentTo('gpt-4o-mini', 'Which ones reach land?')).toMatchObject({ systemPrompt: captain.systemPrompt, temperature: 0.2 });
    expect(sentTo('deepseek-chat', 'Which ones reach land?').systemPrompt).toBeUndefined();

    // The next turn changes one column and clears the other.
    const third = await compare(
      {
        query: 'How are they named? [[simulate chunks=3]]',
        models: [
          { engine: 'openai', model: 'gpt-4o-mini', settings: {} },
          { engine: 'deepseek', model: 'deepseek-chat', settings: { systemPrompt: 'Answer in French.' } },
        ],
        followUpOf: requestIdOf(second),
      },
      payer.cookie,
    );
    resultsByModel(third);
    const cleared = sentTo('gpt-4o-mini', 'How are they named?');
    expect(cleared.systemPrompt).toBeUndefined();
    expect(cleared.temperature).toBeUndefined();
    expect(sentTo('deepseek-chat', 'How are they named?')).toMatchObject({ systemPrompt: 'Answer in French.' });

    // Regenerate one column of the second turn: asked again the way that column was asked there.
    const before = stack.simulator.requests.length;
    const retried = await search(
      { query: 'Which ones reach land? [[simulate chunks=3]]', model: 'openai', specificModel: 'gpt-4o-mini', followUpOf: requestIdOf(first), retryOf: requestIdOf(second) },
      payer.cookie,
    );
    expect(retried.events.at(-1)?.event).toBe('end');
    const regenerated = stack.simulator.requests.slice(before).find((request) => request.model === 'gpt-4o-mini');
    expect(regenerated).toMatchObject({ systemPrompt: captain.systemPrompt, temperature: 0.2 });
    const versions = (await historyResults(requestIdOf(second), payer.cookie)).find((entry) => entry.model === 'gpt-4o-mini') as unknown as {
      versions: { settings: unknown }[];
    };
    expect(versions.versions.map((version) => version.settings)).toEqual([captain, captain]);
  });
});

describe('cached and reasoning tokens', () => {
  it('come from each provider’s usage into the end of the answer and the history, for the models that report them', async () => {
    const question = 'Why is the sea salty? [[simulate chunks=5]]';
    const models = [
      { engine: 'openai', model: 'o3-mini' },
      { engine: 'openai', model: 'gpt-4o-mini' },
      { engine: 'anthropic', model: 'claude-3-5-haiku-20241022' },
      { engine: 'gemini', model: 'gemini-2.5-flash' },
      { engine: 'deepseek', model: 'deepseek-reasoner' },
      { engine: 'groq', model: 'llama-3.1-8b-instant' },
    ];
    const first = await compare({ query: question, models });
    const firstResults = resultsByModel(first);
    // Reasoning models spend twice the answer's five pieces thinking, counted in the output; a lone question has nothing cached.
    expect(firstResults.get('o3-mini')).toMatchObject({ cachedTokens: 0, reasoningTokens: 10, outputTokens: 15 });
    expect(firstResults.get('gemini-2.5-flash')).toMatchObject({ cachedTokens: 0, reasoningTokens: 10, outputTokens: 15 });
    expect(firstResults.get('deepseek-reasoner')).toMatchObject({ cachedTokens: 0, reasoningTokens: 10, outputTokens: 15 });
    // A model that does not reason says nothing about reasoning, whatever zero its provider sent.
    expect(firstResults.get('gpt-4o-mini')).toMatchObject({ cachedTokens: 0, reasoningTokens: null, outputTokens: 5 });
    expect(firstResults.get('claude-3-5-haiku-20241022')).toMatchObject({ cachedTokens: 0, reasoningTokens: null, outputTokens: 5 });
    // Groq's usage carries neither figure, and the catalogue says it reports neither.
    expect(firstResults.get('llama-3.1-8b-instant')).toMatchObject({ cachedTokens: null, reasoningTokens: null, outputTokens: 5 });

    // A follow-up re-sends the first turn, which each provider serves from its cache.
    const followUp = 'And why are lakes not? [[simulate chunks=5]]';
    const second = await compare({ query: followUp, models, followUpOf: requestIdOf(first) });
    const secondResults = resultsByModel(second);
    for (const { model } of models) {
      const earlierTurn = countWords(question) + countWords(firstResults.get(model)!.response);
      const expected = model === 'llama-3.1-8b-instant' ? null : earlierTurn;
      expect(secondResults.get(model)?.cachedTokens, `${model}'s cached tokens`).toBe(expected);
      expect(secondResults.get(model)?.inputTokens, `${model}'s input includes the cached part`).toBeGreaterThan(earlierTurn);
    }
    expect(secondResults.get('deepseek-reasoner')?.reasoningTokens).toBe(10);

    // The history reads back exactly what the end of each answer said.
    for (const [requestId, results] of [
      [requestIdOf(first), firstResults],
      [requestIdOf(second), secondResults],
    ] as const) {
      for (const entry of await historyResults(requestId)) {
        const ended = results.get(entry.model)!;
        expect({ cached: entry.cachedTokens, reasoning: entry.reasoningTokens, output: entry.outputTokens }).toEqual({
          cached: ended.cachedTokens,
          reasoning: ended.reasoningTokens,
          output: ended.outputTokens,
        });
      }
    }
  });

  it('come from the Responses API’s usage details when OpenAI searches the web', async () => {
    const question = 'Who built the first lighthouse? [[simulate chunks=4]]';
    const endOf = (result: SearchStreamResult) => {
      expect(result.events.at(-1)?.event).toBe('end');
      return result.events.at(-1)!.data as unknown as CompletedResult;
    };
    const first = await search({ query: question, model: 'openai', specificModel: 'gpt-5', searchEnabled: true });
    expect(sentTo('gpt-5', question).path).toBe('/openai/v1/responses');
    expect(endOf(first)).toMatchObject({ cachedTokens: 0, reasoningTokens: 8, outputTokens: 12 });
    const [firstStored] = await historyResults(requestIdOf(first));
    expect(firstStored).toMatchObject({ cachedTokens: 0, reasoningTokens: 8, outputTokens: 12 });

    const second = await search({ query: 'When was it lit? [[simulate chunks=4]]', model: 'openai', specificModel: 'gpt-5', searchEnabled: true, followUpOf: requestIdOf(first) });
    const cached = countWords(question) + countWords(firstStored!.response);
    expect(endOf(second)).toMatchObject({ cachedTokens: cached, reasoningTokens: 8 });
    const [secondStored] = await historyResults(requestIdOf(second));
    expect(secondStored).toMatchObject({ cachedTokens: cached, reasoningTokens: 8 });
  });
});
