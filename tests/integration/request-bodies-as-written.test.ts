import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLedger, createPayer, storedRequestCount } from '../support/funded-user.ts';
import { postSearchStream, type SearchStreamResult } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * A JSON body is read as it was written: nothing is converted to the type a schema wanted (`null` to 0, `"0.9"` to
 * 0.9, a number to a question) and no key is dropped unheard. A null temperature means the model's own default, as on
 * `/v1`; a key no schema names is refused with its name, in the envelope, before anything is held. Query strings,
 * which arrive as text, are still read as the numbers their schemas name.
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

const search = (body: Record<string, unknown>, cookie = stack.fundedCookie) => postSearchStream(stack.baseUrl, body, { headers: { cookie } });
const compare = (body: Record<string, unknown>, cookie = stack.fundedCookie) =>
  postSearchStream(stack.baseUrl, body, { path: '/api/compare/stream', headers: { cookie } });

function requestIdOf(result: SearchStreamResult): string {
  const started = result.events.find((event) => event.event === 'model_start' || event.event === 'start');
  return String(started!.data.requestId);
}

async function storedSettings(requestId: string): Promise<unknown[]> {
  const rows = await stack
    .records()
    .getConnection()
    .execute<{ settings: unknown }[]>(`select settings from model_runs where request_id = ? order by engine, model`, [requestId]);
  return rows.map((row) => row.settings);
}

function temperatureSentFor(question: string): number | undefined {
  const found = stack.simulator.requests.findLast((request) => request.lastUserMessage.includes(question));
  expect(found, `the provider was asked "${question}"`).toBeDefined();
  return found!.temperature;
}

/** A refused body: 400 in the envelope with `message`, nothing held, nothing written, no provider asked. */
async function expectRefused(ask: (cookie: string) => Promise<SearchStreamResult>, message: string): Promise<void> {
  const payer = await createPayer(stack.records(), stack.config, 100);
  const result = await ask(payer.cookie);
  expect(result.status).toBe(400);
  expect(result.envelope).toEqual({ success: false, data: null, error: { code: 'VALIDATION_ERROR', message } });
  expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 100, held: 0 });
  expect(await storedRequestCount(stack.records(), payer.user.id)).toBe(0);
}

describe('a null temperature', () => {
  it('asks with the model’s own default: nothing is sent to the provider and none is stored', async () => {
    const question = 'How do tides work? [[simulate chunks=3]]';
    const result = await search({ query: question, model: 'openai', specificModel: 'gpt-4o-mini', settings: { temperature: null } });
    expect(result.events.at(-1)?.event).toBe('end');
    expect(temperatureSentFor(question)).toBeUndefined();
    expect(await storedSettings(requestIdOf(result))).toEqual([null]);
  });

  it('keeps the system prompt beside it, and is no refusal for a model that takes no temperature', async () => {
    const question = 'Why is the sky blue? [[simulate chunks=3]]';
    const result = await compare({
      query: question,
      models: [
        { engine: 'openai', model: 'gpt-4o-mini', settings: { systemPrompt: 'Be brief.', temperature: null } },
        { engine: 'openai', model: 'o1', settings: { temperature: null } },
      ],
    });
    expect(result.status).toBe(200);
    expect(result.events.at(-1)?.event).toBe('all_complete');
    expect(await storedSettings(requestIdOf(result))).toEqual([{ systemPrompt: 'Be brief.' }, null]);
    const sent = stack.simulator.requests.filter((request) => request.lastUserMessage.includes(question));
    expect(sent.map((request) => request.temperature)).toEqual([undefined, undefined]);
  });
});

describe('a body that is not what its schema names', () => {
  const temperatures: [string, unknown][] = [
    ['true', true],
    ['the text "0.9"', '0.9'],
    ['the list [0.7]', [0.7]],
  ];

  it.each(temperatures)('refuses %s as a temperature, on a question and on a comparison column', async (_name, temperature) => {
    await expectRefused(
      (cookie) => search({ query: 'Warm enough?', model: 'openai', specificModel: 'gpt-4o-mini', settings: { temperature } }, cookie),
      'The temperature must be a number',
    );
    await expectRefused(
      (cookie) => compare({ query: 'Warm enough?', models: [{ engine: 'groq', model: 'llama-3.1-8b-instant', settings: { temperature } }] }, cookie),
      'The temperature must be a number',
    );
  });

  it('refuses a number as the question', async () => {
    await expectRefused((cookie) => search({ query: 42, model: 'openai', specificModel: 'gpt-4o-mini' }, cookie), 'Please enter a question');
    await expectRefused((cookie) => compare({ query: 42, models: [{ engine: 'openai', model: 'gpt-4o-mini' }] }, cookie), 'Please enter a query');
  });

  it('refuses a key the settings do not name, naming it', async () => {
    await expectRefused(
      (cookie) => search({ query: 'Hello', model: 'openai', specificModel: 'gpt-4o-mini', settings: { temperature: 0.5, topP: 0.9 } }, cookie),
      'Unexpected field: settings.topP',
    );
    await expectRefused(
      (cookie) => compare({ query: 'Hello', models: [{ engine: 'openai', model: 'gpt-4o-mini', settings: { tone: 'warm' } }] }, cookie),
      'Unexpected field: models.0.settings.tone',
    );
  });

  it('refuses a key the body does not name, naming it, at the top and in a compared model', async () => {
    await expectRefused((cookie) => search({ query: 'Hello', model: 'openai', specificModel: 'gpt-4o-mini', stream: true }, cookie), 'Unexpected field: stream');
    await expectRefused(
      (cookie) => compare({ query: 'Hello', models: [{ engine: 'openai', model: 'gpt-4o-mini', weight: 2 }] }, cookie),
      'Unexpected field: models.0.weight',
    );
  });

  it('refuses a key the account actions do not name', async () => {
    const response = await fetch(`${stack.baseUrl}/api/auth?action=login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com', password: 'correct horse battery', rememberMe: true }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, data: null, error: { code: 'VALIDATION_ERROR', message: 'Unexpected field: rememberMe' } });
  });
});

describe('query strings', () => {
  it('are still read as the numbers their schemas name', async () => {
    const response = await fetch(`${stack.baseUrl}/api/user-requests?limit=3`, { headers: { cookie: stack.fundedCookie } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { requests: unknown[] } };
    expect(body.data.requests.length).toBeLessThanOrEqual(3);
  });
});
