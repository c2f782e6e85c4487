import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { createApiKeyFor } from '../support/api-key-client.ts';
import { CONVERSATION_LIMITS, QUERY_MAX_LENGTH } from '../../contract/limits.ts';
import { CHAT_COMPLETION_BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT_BYTES } from '../../server/limits/body-limits.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

/** A registered person with `credits`, an API key of theirs, and the official OpenAI SDK pointed at Quorum. */
async function developer(credits: number, keyOptions: Parameters<typeof createApiKeyFor>[2] = { name: 'SDK test' }) {
  const payer = await createPayer(stack.records(), stack.config, credits);
  const key = await createApiKeyFor(stack.baseUrl, payer.cookie, keyOptions);
  // No SDK retries: each call must be exactly one question, so what it costs is what the test sees.
  const client = new OpenAI({ apiKey: key.key, baseURL: `${stack.baseUrl}/v1`, maxRetries: 0 });
  return { ...payer, key, client };
}

async function storedRequest(requestId: string) {
  const [row] = await stack
    .records()
    .getConnection()
    .execute<{ api_key_id: string | null; conversation: unknown; kind: string; query: string; streamed: boolean }[]>(
      `select api_key_id, conversation, kind, query, streamed from search_requests where id = ?`,
      [requestId],
    );
  return row;
}

async function historyOf(cookie: string): Promise<{ id: string; query: string; creditsUsed: number; status: string }[]> {
  const response = await fetch(`${stack.baseUrl}/api/user-requests?limit=50`, { headers: { cookie } });
  return ((await response.json()) as { data: { requests: { id: string; query: string; creditsUsed: number; status: string }[] } }).data.requests;
}

async function refusal(call: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OpenAI.APIError);
  return error as InstanceType<typeof OpenAI.APIError>;
}

describe('the OpenAI-compatible endpoint, driven by the official openai SDK', () => {
  it('lists the catalogue as engine/model ids', async () => {
    const { client } = await developer(10);
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(expect.arrayContaining(['openai/gpt-4o-mini', 'anthropic/claude-3-haiku-20240307', 'gemini/gemini-2.0-flash', 'groq/llama-3.1-8b-instant']));
  });

  it('answers whole for three providers, each charged its catalogue price exactly once and kept in the history', async () => {
    const { client, accountId, cookie, key } = await developer(100);
    const asked = [
      { model: 'openai/gpt-4o-mini', price: 6 },
      // A dated snapshot may be named without its date.
      { model: 'anthropic/claude-3-haiku', price: 4 },
      { model: 'gemini/gemini-2.0-flash', price: 8 },
    ];
    let spent = 0;
    for (const { model, price } of asked) {
      const completion = await client.chat.completions.create({ model, messages: [{ role: 'user', content: `Explain photosynthesis briefly for ${model}` }] });
      expect(completion.object).toBe('chat.completion');
      expect(completion.model.startsWith(model)).toBe(true);
      const answer = completion.choices[0]!.message.content!;
      // The simulator names the model that answered: each call reached the provider it named.
      expect(answer).toContain(model.split('/')[1]);
      expect(completion.choices[0]!.finish_reason).toBe('stop');
      expect(completion.usage!.completion_tokens).toBeGreaterThan(0);
      spent += price;
      expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 100 - spent, held: 0 });

      const requestId = (completion as unknown as { quorum: { request_id: string; credits_used: number } }).quorum.request_id;
      expect((completion as unknown as { quorum: { credits_used: number } }).quorum.credits_used).toBe(price);
      expect(await storedRequest(requestId)).toMatchObject({ api_key_id: key.id, kind: 'single', streamed: false, conversation: null });
    }
    const history = await historyOf(cookie);
    expect(history).toHaveLength(3);
    expect(history.map((item) => item.creditsUsed).sort()).toEqual([4, 6, 8]);
    expect(history.every((item) => item.status === 'completed')).toBe(true);
  });

  it('streams chunks with the usage last when asked, and charges like a streamed web question', async () => {
    const { client, accountId } = await developer(50);
    const stream = await client.chat.completions.create({
      model: 'groq/llama-3.1-8b-instant',
      messages: [{ role: 'user', content: 'Describe glaciers and mountains [[simulate chunks=6]]' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(text).toContain('llama-3.1-8b-instant');
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    expect(chunks.filter((chunk) => chunk.choices[0]?.finish_reason === 'stop')).toHaveLength(1);
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage!.completion_tokens).toBeGreaterThan(0);
    expect(last.usage!.total_tokens).toBe(last.usage!.prompt_tokens + last.usage!.completion_tokens);
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 48, held: 0 });

    const requestId = last.id.replace(/^chatcmpl-/, '');
    const [run] = await stack.records().getConnection().execute<{ answer_text: string; credits_charged: number }[]>(
      `select answer_text, credits_charged from model_runs where request_id = ?`,
      [requestId],
    );
    expect(run).toEqual({ answer_text: text, credits_charged: 2 });
    expect(await storedRequest(requestId)).toMatchObject({ streamed: true });
  });

  it('leaves usage out of the stream unless asked', async () => {
    const { client } = await developer(10);
    const stream = await client.chat.completions.create({ model: 'openai/gpt-3.5-turbo', messages: [{ role: 'user', content: 'Name a river' }], stream: true });
    const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.every((chunk) => chunk.usage == null)).toBe(true);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
  });

  it('passes earlier turns of the conversation to the model and keeps them with the request', async () => {
    const { client } = await developer(50);
    const question = 'And the second largest ocean?';
    const lone = await client.chat.completions.create({ model: 'anthropic/claude-3-haiku', messages: [{ role: 'user', content: question }] });
    const conversation = [
      { role: 'system' as const, content: 'You answer geography questions in one short sentence.' },
      { role: 'user' as const, content: 'Which is the largest ocean on the planet?' },
      { role: 'assistant' as const, content: 'The Pacific Ocean is the largest ocean.' },
    ];
    const continued = await client.chat.completions.create({ model: 'anthropic/claude-3-haiku', messages: [...conversation, { role: 'user', content: question }] });
    // The simulator counts every word it is sent: the earlier turns reached the model.
    const earlierWords = conversation.map((turn) => turn.content.split(/\s+/).length).reduce((sum, count) => sum + count, 0);
    expect(continued.usage!.prompt_tokens).toBe(lone.usage!.prompt_tokens + earlierWords);

    const requestId = continued.id.replace(/^chatcmpl-/, '');
    expect(await storedRequest(requestId)).toMatchObject({ query: question, conversation });
  });

  it('reaches every documented conversation limit (50 earlier messages of 20,000 characters) and refuses just past each', { timeout: 120_000 }, async () => {
    const { client, key, accountId } = await developer(100);
    // Two bytes a character in UTF-8, and a newline (escaped in JSON) in each: about 2 MB, far past the server-wide 64 KiB.
    const turn = (index: number) => `${index}\n${'ж'.repeat(CONVERSATION_LIMITS.turnLength - String(index).length - 1)}`;
    const earlier = Array.from({ length: CONVERSATION_LIMITS.earlierTurns }, (_, index) => ({ role: index % 2 === 0 ? ('user' as const) : ('assistant' as const), content: turn(index) }));
    expect(earlier.every((message) => message.content.length === CONVERSATION_LIMITS.turnLength)).toBe(true);
    const question = 'q'.repeat(QUERY_MAX_LENGTH);
    // 1,000,500 characters are about 250,125 tokens: past GPT-4o mini's 128,000, so it is refused before anything is held…
    const tooLongForModel = await refusal(client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [...earlier, { role: 'user', content: question }] }));
    expect(tooLongForModel.status).toBe(400);
    expect(tooLongForModel.code).toBe('context_length_exceeded');
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 100, held: 0 });
    // …and within Gemini 2.0 Flash's million, answered at its price plus a credit per started 4,000 tokens past 8,000.
    const answered = await client.chat.completions.create({ model: 'gemini/gemini-2.0-flash', messages: [...earlier, { role: 'user', content: question }] });
    expect(answered.choices[0]!.message.content).toBeTruthy();
    const surcharge = Math.ceil((Math.ceil(1_000_500 / 4) - 8_000) / 4_000);
    expect((answered as unknown as { quorum: { credits_used: number } }).quorum.credits_used).toBe(8 + surcharge);
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 100 - 8 - surcharge, held: 0 });

    const tooMany = await refusal(client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [...earlier, { role: 'user', content: 'one more' }, { role: 'user', content: 'q' }] }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toContain(`At most ${CONVERSATION_LIMITS.earlierTurns} messages may come before the question.`);
    const tooLong = await refusal(client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'x'.repeat(CONVERSATION_LIMITS.turnLength + 1) }, { role: 'user', content: 'q' }] }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.message).toContain(`Each message is at most ${CONVERSATION_LIMITS.turnLength} characters.`);
    const longQuestion = await refusal(client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'q'.repeat(QUERY_MAX_LENGTH + 1) }] }));
    expect(longQuestion.status).toBe(400);
    expect(longQuestion.param).toBe('messages');

    // Past the route's own limit the body is refused unread; every other route keeps the small server-wide limit.
    const huge = await fetch(`${stack.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'x'.repeat(CHAT_COMPLETION_BODY_LIMIT_BYTES) }] }),
    });
    expect(huge.status).toBe(413);
    const elsewhere = await fetch(`${stack.baseUrl}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'q', padding: 'x'.repeat(DEFAULT_BODY_LIMIT_BYTES) }),
    });
    expect(elsewhere.status).toBe(413);
    expect(await elsewhere.json()).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('counts characters as the app does: a question of 500 emoji is accepted on both, 501 refused by both', async () => {
    const { client, cookie } = await developer(100);
    // Each emoji is two UTF-16 units: 1,000 of them by `.length`, 500 characters as people (and the app) count.
    const atLimit = `${'🌋'.repeat(QUERY_MAX_LENGTH - 1)}?`;
    const overLimit = `${'🌋'.repeat(QUERY_MAX_LENGTH)}?`;
    const app = (query: string) =>
      fetch(`${stack.baseUrl}/api/search`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ query, model: 'openai', specificModel: 'gpt-4o-mini' }) });

    expect((await app(atLimit)).status).toBe(200);
    const answered = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: atLimit }] });
    expect(answered.choices[0]!.message.content).toBeTruthy();
    // An earlier message at its own limit, in emoji, is accepted as well.
    const longTurn = await client.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: '🌊'.repeat(CONVERSATION_LIMITS.turnLength) }, { role: 'user', content: 'And now?' }],
    });
    expect(longTurn.choices[0]!.message.content).toBeTruthy();

    const appRefusal = await app(overLimit);
    expect(appRefusal.status).toBe(400);
    const refused = await refusal(client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: overLimit }] }));
    expect(refused.status).toBe(400);
    expect(refused.param).toBe('messages');
    expect(refused.message).toContain(`at most ${QUERY_MAX_LENGTH} characters`);
    const turnRefused = await refusal(
      client.chat.completions.create({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: '🌊'.repeat(CONVERSATION_LIMITS.turnLength + 1) }, { role: 'user', content: 'And now?' }],
      }),
    );
    expect(turnRefused.param).toBe('messages[0].content');
  });

  it('refuses a bad temperature naming temperature as the param, whether out of range or not a number', async () => {
    const { client, accountId } = await developer(50);
    const outOfRange = await refusal(client.chat.completions.create({ model: 'anthropic/claude-3-haiku', messages: [{ role: 'user', content: 'Too hot?' }], temperature: 1.5 }));
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.param).toBe('temperature');
    expect(outOfRange.message).toContain('accepts a temperature from 0 to 1');
    const notANumber = await refusal(
      client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Warm?' }], temperature: 'warm' as unknown as number }),
    );
    expect(notANumber.status).toBe(400);
    expect(notANumber.param).toBe('temperature');
    expect(notANumber.message).toContain('The temperature must be a number');
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 50, held: 0 });
  });

  it('refuses a bad key and a revoked key with 401, before anything is asked', async () => {
    const { client, key, cookie, accountId } = await developer(20);
    const forged = new OpenAI({ apiKey: `${key.key.slice(0, -4)}xxxx`, baseURL: `${stack.baseUrl}/v1`, maxRetries: 0 });
    const bad = await refusal(forged.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hello there' }] }));
    expect(bad).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(bad.status).toBe(401);
    expect(bad.code).toBe('invalid_api_key');
    expect(bad.type).toBe('authentication_error');

    await client.chat.completions.create({ model: 'openai/gpt-3.5-turbo', messages: [{ role: 'user', content: 'Hello there' }] });
    const revoked = await fetch(`${stack.baseUrl}/api/api-keys/${key.id}`, { method: 'DELETE', headers: { cookie } });
    expect(revoked.status).toBe(200);
    const afterRevoke = await refusal(client.chat.completions.create({ model: 'openai/gpt-3.5-turbo', messages: [{ role: 'user', content: 'Hello again' }] }));
    expect(afterRevoke).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(await refusal(client.models.list())).toBeInstanceOf(OpenAI.AuthenticationError);
    // Only the one call made before revoking was charged.
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 17, held: 0 });
  });

  it('passes temperature to a model that takes one, refuses it outside the model\'s range, and asks a model that takes none without it', async () => {
    const { client, accountId } = await developer(200);
    const sent = (model: string, question: string) => stack.simulator.requests.findLast((request) => request.model === model && request.lastUserMessage.includes(question));

    const warm = 'How warm is the Red Sea?';
    await client.chat.completions.create({ model: 'anthropic/claude-3-haiku', messages: [{ role: 'user', content: warm }], temperature: 0.2 });
    expect(sent('claude-3-haiku-20240307', warm)?.temperature).toBe(0.2);
    const plain = 'How cold is the Arctic Ocean?';
    await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: plain }], temperature: null });
    expect(sent('gpt-4o-mini', plain)).toBeDefined();
    expect(sent('gpt-4o-mini', plain)?.temperature).toBeUndefined();

    const before = await accountLedger(stack.records(), accountId);
    const error = await refusal(client.chat.completions.create({ model: 'anthropic/claude-3-haiku', messages: [{ role: 'user', content: 'Too hot?' }], temperature: 1.5 }));
    expect(error.status).toBe(400);
    expect(error.message).toContain('accepts a temperature from 0 to 1');
    expect(await accountLedger(stack.records(), accountId)).toEqual(before);

    const reasoning = 'Why is the sea salty?';
    const answer = await client.chat.completions.create({ model: 'openai/o3-mini', messages: [{ role: 'user', content: reasoning }], temperature: 0.7 });
    expect(answer.choices[0]!.message.content).not.toBe('');
    expect(sent('o3-mini', reasoning)).toBeDefined();
    expect(sent('o3-mini', reasoning)?.temperature).toBeUndefined();
  });

  it('refuses a question the account cannot pay for with 402 and holds nothing', async () => {
    const { client, accountId, cookie } = await developer(5);
    const error = await refusal(client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Too expensive?' }] }));
    expect(error.status).toBe(402);
    expect(error.code).toBe('insufficient_credits');
    expect(error.message).toContain('Insufficient credits');
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 5, held: 0 });
    expect(await historyOf(cookie)).toEqual([]);
  });

  it('refuses an unknown model with 404', async () => {
    const { client } = await developer(20);
    for (const model of ['openai/gpt-9', 'nobody/gpt-4o-mini', 'gpt-4o-mini']) {
      const error = await refusal(client.chat.completions.create({ model, messages: [{ role: 'user', content: 'Hello' }] }));
      expect(error).toBeInstanceOf(OpenAI.NotFoundError);
      expect(error.code).toBe('model_not_found');
    }
  });

  it('charges nothing for a failed answer, whole or streamed', async () => {
    const { client, accountId } = await developer(30);
    const whole = await refusal(client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Fail please [[simulate status=500]]' }] }));
    expect(whole.status).toBe(502);
    const streamed = await refusal(
      (async () => {
        const stream = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Fail please [[simulate status=500]]' }], stream: true });
        for await (const _chunk of stream) {
          // read to the end
        }
      })(),
    );
    expect(streamed.status).toBe(502);
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 30, held: 0 });
  });

  it('ends a stream cut off mid-answer with an error the SDK raises, and charges nothing', async () => {
    const { client, accountId } = await developer(30);
    const received: string[] = [];
    const error = await refusal(
      (async () => {
        const stream = await client.chat.completions.create({
          model: 'openai/gpt-4o-mini',
          messages: [{ role: 'user', content: 'Tell me about volcanoes [[simulate chunks=8 cut-after=3]]' }],
          stream: true,
        });
        for await (const chunk of stream) received.push(chunk.choices[0]?.delta.content ?? '');
      })(),
    );
    // Text had already reached the caller, so the failure arrives in the stream rather than as a status.
    expect(received.join('')).not.toBe('');
    expect(error.message).toContain('cut off');
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 30, held: 0 });
  });

  it("applies a key's rate limit (429) and its monthly credit cap (402)", async () => {
    const limited = await developer(50, { name: 'Slow key', requestsPerMinute: 1 });
    const statuses: number[] = [];
    for (let call = 0; call < 3; call += 1) {
      statuses.push(await limited.client.models.list().then(() => 200, (error: InstanceType<typeof OpenAI.APIError>) => error.status ?? 0));
    }
    // Three calls straddle at most one minute boundary, so at least one is over a limit of one per minute.
    expect(statuses).toContain(429);

    // Calls at once are admitted one at a time (the owner's account is locked), so only one fits under the cap.
    const racing = await developer(50, { name: 'Racing key', monthlyCreditCap: 10 });
    const outcomes = await Promise.all(
      [1, 2, 3].map((index) =>
        racing.client.chat.completions
          .create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: `Race number ${index}` }] })
          .then(() => 200, (error: InstanceType<typeof OpenAI.APIError>) => error.status ?? 0),
      ),
    );
    expect(outcomes.sort()).toEqual([200, 402, 402]);
    expect(await accountLedger(stack.records(), racing.accountId)).toEqual({ balance: 44, held: 0 });

    const capped = await developer(50, { name: 'Capped key', monthlyCreditCap: 10 });
    await capped.client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'First question' }] });
    const overCap = await refusal(capped.client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Second question' }] }));
    expect(overCap.status).toBe(402);
    expect(overCap.code).toBe('api_key_credit_cap');
    expect(await accountLedger(stack.records(), capped.accountId)).toEqual({ balance: 44, held: 0 });
  });
});
