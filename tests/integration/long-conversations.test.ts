import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowUpSize } from '../../contract/follow-up-size.ts';
import { LONG_CONVERSATION } from '../../contract/long-conversation.ts';
import { createApiKeyFor } from '../support/api-key-client.ts';
import { requestIdOf } from '../support/comparison-turns.ts';
import { accountLedger, createPayer, storedRequestCount } from '../support/funded-user.ts';
import { postSearchStream, SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * Long conversations are priced by what the model reads: the price includes 8,000 estimated input tokens (one per 4
 * characters, counted as code points, over the system prompt, the earlier turns and the question), each started
 * 4,000 more add a credit, and a conversation longer than the model's context window is refused before anything is
 * held. Here on a real stack: a web follow-up and `/v1`, with the ledger read back each time.
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

/** Characters as the price counts them: code points, written out here rather than taken from the code under test. */
const codePoints = (text: string) => Array.from(text).length;

/** The surcharge for `characters`, by the policy's arithmetic spelled out: 0 up to 8,000 tokens, then 1 per started 4,000. */
function expectedSurcharge(characters: number): number {
  const tokens = Math.ceil(characters / 4);
  return tokens <= 8_000 ? 0 : Math.ceil((tokens - 8_000) / 4_000);
}

async function storedRun(requestId: string) {
  const [row] = await stack
    .records()
    .getConnection()
    .execute<{ query: string; answer_text: string | null; credits_charged: number | null; status: string }[]>(
      `select request.query, run.answer_text, run.credits_charged, run.status from model_runs run join search_requests request on request.id = run.request_id where request.id = ?`,
      [requestId],
    );
  return row!;
}

async function holdOf(requestId: string) {
  const [row] = await stack
    .records()
    .getConnection()
    .execute<{ amount: string; status: string }[]>(`select hold.amount, hold.status from credit_holds hold join model_runs run on run.id = hold.run_id where run.request_id = ?`, [requestId]);
  return row && { amount: Number(row.amount), status: row.status };
}

const followUpSize = async (cookie: string, requestId: string, query = ''): Promise<{ status: number; body: { data: FollowUpSize | null; error: { message: string } | null } }> => {
  const response = await fetch(`${stack.baseUrl}/api/requests/${requestId}/follow-up-size${query}`, { headers: { cookie } });
  return { status: response.status, body: (await response.json()) as { data: FollowUpSize | null; error: { message: string } | null } };
};

describe('a long follow-up in the app', () => {
  it('is priced by its follow-up size, held and charged exactly its surcharge on top, and refunded whole when it fails', { timeout: 120_000 }, async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const systemPrompt = 'Answer thoroughly, with examples.';
    const ask = (query: string, followUpOf?: string) =>
      postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query, settings: { systemPrompt }, ...(followUpOf ? { followUpOf } : {}) }, { headers: { cookie: payer.cookie } });

    // Two long answers (5,000 words each, about 30,000 characters): the third question reads past the allowance.
    const first = await ask('Tell me everything about rivers [[simulate chunks=5000 chunk-ms=0]]');
    expect(first.events.at(-1)?.event).toBe('end');
    const second = await ask('And everything about lakes [[simulate chunks=5000 chunk-ms=0]]', requestIdOf(first));
    expect(second.events.at(-1)?.event).toBe('end');
    const turns = [await storedRun(requestIdOf(first)), await storedRun(requestIdOf(second))];
    const earlier = turns.reduce((sum, turn) => sum + codePoints(turn.query) + codePoints(turn.answer_text!), 0);
    // The first question read far less than the allowance; the second about 7,500 tokens: both at the flat price.
    expect(turns.map((turn) => turn.credits_charged)).toEqual([6, 6]);
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 138, held: 0 });

    // What the page prices a follow-up with: the earlier turns and the system prompt, as admission will measure them.
    const size = await followUpSize(payer.cookie, requestIdOf(second));
    expect(size.status).toBe(200);
    expect(size.body.data).toEqual({
      requestId: requestIdOf(second),
      models: [{ engine: 'openai', model: 'gpt-4o-mini', name: 'GPT-4o mini', conversationCharacters: earlier, systemPromptCharacters: systemPrompt.length, contextTokens: 128_000 }],
      policy: { charactersPerToken: 4, includedTokens: 8_000, blockTokens: 4_000, creditsPerBlock: 1 },
    });

    // A follow-up that fails is not charged its surcharge either: the whole hold goes back.
    const failing = 'What about deltas? [[simulate status=500]]';
    const surchargeOfFailing = expectedSurcharge(earlier + systemPrompt.length + codePoints(failing));
    expect(surchargeOfFailing).toBeGreaterThanOrEqual(2);
    const failed = await ask(failing, requestIdOf(second));
    expect(failed.events.at(-1)?.event).toBe('error');
    expect(await holdOf(requestIdOf(failed))).toEqual({ amount: 6 + surchargeOfFailing, status: 'released' });
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 138, held: 0 });

    const question = 'And which of them are the deepest?';
    const surcharge = expectedSurcharge(earlier + systemPrompt.length + codePoints(question));
    expect(surcharge).toBe(surchargeOfFailing);
    const third = await ask(question, requestIdOf(second));
    expect(third.events.at(-1)?.event).toBe('end');
    // Held and charged the same amount, once: the model's 6 and the surcharge.
    expect(await holdOf(requestIdOf(third))).toEqual({ amount: 6 + surcharge, status: 'captured' });
    expect((await storedRun(requestIdOf(third))).credits_charged).toBe(6 + surcharge);
    expect(third.events.at(-1)?.data).toMatchObject({ creditsUsed: 6 + surcharge });
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 138 - 6 - surcharge, held: 0 });
    // The ledger's entries add up to the balance: the grant, and one charge per answered question.
    const entries = await stack
      .records()
      .getConnection()
      .execute<{ kind: string; amount: string }[]>(`select kind, amount from credit_entries where account_id = ? order by created_at`, [payer.accountId]);
    expect(entries.map((entry) => [entry.kind, Number(entry.amount)])).toEqual([
      ['grant', 150],
      ['charge', -6],
      ['charge', -6],
      ['charge', -(6 + surcharge)],
    ]);
  });

  it('refuses a follow-up longer than the model reads, naming its limit and the allowance, and holds nothing', { timeout: 120_000 }, async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    // GPT-3.5 Turbo reads 16,385 tokens: three answers of 5,000 words are more.
    const ask = (query: string, followUpOf?: string) =>
      postSearchStream(stack.baseUrl, { model: 'openai', specificModel: 'gpt-3.5-turbo', query, ...(followUpOf ? { followUpOf } : {}) }, { headers: { cookie: payer.cookie } });
    let previous = await ask('Tell me everything about forests [[simulate chunks=5000 chunk-ms=0]]');
    for (const query of ['And deserts? [[simulate chunks=5000 chunk-ms=0]]', 'And tundra? [[simulate chunks=5000 chunk-ms=0]]']) {
      previous = await ask(query, requestIdOf(previous));
      expect(previous.events.at(-1)?.event, JSON.stringify(previous.events.at(-1)?.data ?? previous.envelope)).toBe('end');
    }
    const size = (await followUpSize(payer.cookie, requestIdOf(previous))).body.data!.models[0]!;
    expect(size.contextTokens).toBe(16_385);
    expect(Math.ceil((size.conversationCharacters + codePoints('And oceans?')) / 4)).toBeGreaterThan(16_385);
    const before = await accountLedger(stack.records(), payer.accountId);
    const requestsBefore = await storedRequestCount(stack.records(), payer.user.id);

    const refused = await ask('And oceans?', requestIdOf(previous));
    expect(refused.status).toBe(400);
    const body = refused.envelope as { error: { code: string; message: string }; data: { inputTokens: number; contextTokens: number } };
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toContain('This conversation is too long for GPT-3.5 Turbo');
    expect(body.error.message).toContain('it reads at most 16,385');
    expect(body.error.message).toContain('Its price includes 8,000 tokens, then 1 credit per started 4,000.');
    expect(body.data).toMatchObject({ engine: 'openai', model: 'gpt-3.5-turbo', contextTokens: 16_385 });
    expect(body.data.inputTokens).toBe(Math.ceil((size.conversationCharacters + codePoints('And oceans?')) / 4));
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual(before);
    expect(await storedRequestCount(stack.records(), payer.user.id)).toBe(requestsBefore);
  });

  it('answers the follow-up size only to the request’s owner, and refuses a carry that names no model', async () => {
    const payer = await createPayer(stack.records(), stack.config, 50);
    const asked = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: 'Where do rivers start?' }, { headers: { cookie: payer.cookie } });
    const stranger = await createPayer(stack.records(), stack.config, 50);
    expect((await followUpSize(stranger.cookie, requestIdOf(asked))).status).toBe(404);
    const badCarry = await followUpSize(payer.cookie, requestIdOf(asked), '?carryFrom=nobody');
    expect(badCarry.status).toBe(400);
    expect(badCarry.body.error!.message).toBe('Choose the answer to carry: carryFrom names its model as engine/model.');
    const own = await followUpSize(payer.cookie, requestIdOf(asked));
    const run = await storedRun(requestIdOf(asked));
    expect(own.body.data!.models).toEqual([
      { engine: 'openai', model: 'gpt-4o-mini', name: 'GPT-4o mini', conversationCharacters: codePoints(run.query) + codePoints(run.answer_text!), systemPromptCharacters: 0, contextTokens: 128_000 },
    ]);
    // The AI Overview engine searches Google for the question alone: its earlier turns are never sent, nor priced.
    const overview = await postSearchStream(stack.baseUrl, { model: 'ai-overview', specificModel: 'google-ai-overview', query: 'Where do rivers start?' }, { headers: { cookie: payer.cookie } });
    expect(overview.events.at(-1)?.event).toBe('end');
    expect((await followUpSize(payer.cookie, requestIdOf(overview))).body.data!.models).toEqual([
      { engine: 'ai-overview', model: 'google-ai-overview', name: 'AI Overview', conversationCharacters: 0, systemPromptCharacters: 0, contextTokens: LONG_CONVERSATION.defaultContextTokens },
    ]);
  });
});

describe('a long conversation on /v1', () => {
  async function developer(credits: number) {
    const payer = await createPayer(stack.records(), stack.config, credits);
    const key = await createApiKeyFor(stack.baseUrl, payer.cookie, { name: 'Long conversations' });
    return { ...payer, client: new OpenAI({ apiKey: key.key, baseURL: `${stack.baseUrl}/v1`, maxRetries: 0 }) };
  }

  async function refusal(call: Promise<unknown>) {
    const error = await call.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(OpenAI.APIError);
    return error as InstanceType<typeof OpenAI.APIError>;
  }

  it('charges the surcharge of the messages as sent, counting an emoji as one character, and shows it in credits_used', async () => {
    const { client, accountId } = await developer(100);
    // Three messages of 20,000 emoji: 60,000 characters (120,000 UTF-16 units), about 15,000 tokens with the question.
    const emoji = '🌊'.repeat(20_000);
    const question = 'Which ocean is the deepest?';
    const messages = [
      { role: 'system' as const, content: emoji },
      { role: 'user' as const, content: emoji },
      { role: 'assistant' as const, content: emoji },
      { role: 'user' as const, content: question },
    ];
    const surcharge = expectedSurcharge(60_000 + question.length);
    expect(surcharge).toBe(2);
    const answer = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages });
    expect((answer as unknown as { quorum: { credits_used: number } }).quorum.credits_used).toBe(6 + surcharge);
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 100 - 6 - surcharge, held: 0 });
  });

  it('refuses messages longer than the model reads with context_length_exceeded on messages, before anything is held', async () => {
    const { client, accountId, user } = await developer(100);
    // 80,000 characters are 20,000 tokens: more than GPT-3.5 Turbo's 16,385.
    const long = 'x'.repeat(20_000);
    const messages = [...Array.from({ length: 4 }, () => ({ role: 'user' as const, content: long })), { role: 'user' as const, content: 'Summarise.' }];
    const error = await refusal(client.chat.completions.create({ model: 'openai/gpt-3.5-turbo', messages }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('context_length_exceeded');
    expect(error.param).toBe('messages');
    expect(error.message).toContain('it reads at most 16,385');
    expect(error.message).toContain(`Its price includes ${LONG_CONVERSATION.includedTokens.toLocaleString('en-US')} tokens`);
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 100, held: 0 });
    expect(await storedRequestCount(stack.records(), user.id)).toBe(0);

    // The same conversation fits a model that reads more, at its price and the surcharge.
    const answered = await client.chat.completions.create({ model: 'gemini/gemini-2.0-flash', messages });
    expect((answered as unknown as { quorum: { credits_used: number } }).quorum.credits_used).toBe(8 + expectedSurcharge(80_000 + 'Summarise.'.length));
  });

  it('lists every model with its context window', async () => {
    const { client } = await developer(10);
    const windows = new Map<string, number>();
    for await (const model of client.models.list()) windows.set(model.id, (model as unknown as { context_window: number }).context_window);
    expect(windows.get('openai/gpt-3.5-turbo')).toBe(16_385);
    expect(windows.get('gemini/gemini-2.0-flash')).toBe(1_048_576);
    expect([...windows.values()].every((window) => Number.isInteger(window) && window > LONG_CONVERSATION.includedTokens)).toBe(true);
  });
});
