import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comparison, ComparisonRerun } from '../../contract/compare-api.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { createApiKeyFor } from '../support/api-key-client.ts';
import { receivedDocument, uploadAttachment } from '../support/attachment-files.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

/** A registered person with `credits`, a key of theirs, and the official OpenAI SDK pointed at Quorum's `/v1`. */
async function developer(credits: number) {
  const payer = await createPayer(stack.records(), stack.config, credits);
  const key = await createApiKeyFor(stack.baseUrl, payer.cookie, { name: 'Compare test' });
  // No SDK retries: each call is exactly one comparison, so what it costs is what the test sees.
  const client = new OpenAI({ apiKey: key.key, baseURL: `${stack.baseUrl}/v1`, maxRetries: 0 });
  return { ...payer, key, client };
}

async function refusal(call: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OpenAI.APIError);
  return error as InstanceType<typeof OpenAI.APIError>;
}

async function requestCount(userId: string): Promise<number> {
  const [row] = await stack.records().getConnection().execute<{ count: string }[]>(`select count(*) from search_requests where user_id = ?`, [userId]);
  return Number(row!.count);
}

/** A brand question: the simulator counts its askings, so asking it again draws another sample (another answer). */
const BRAND_QUESTION = 'Which CRM should I choose for a small team?';

describe('the comparison API, driven by the official openai SDK against the simulated providers', () => {
  it('answers whole: every model with its answer, time to first token, duration, tokens, credits and error, charged once', async () => {
    const { client, accountId } = await developer(40);
    const comparison = await client.post<Comparison>('/compare', {
      body: {
        question: 'Compare tea and coffee [[simulate for=deepseek status=401]]',
        models: [{ model: 'openai/gpt-4o-mini', settings: { systemPrompt: 'Answer in French' } }, { model: 'anthropic/claude-3-haiku' }, { model: 'deepseek/deepseek-chat' }],
      },
    });
    expect(comparison).toMatchObject({ object: 'quorum.comparison', status: 'completed', credits: 10, question: 'Compare tea and coffee [[simulate for=deepseek status=401]]' });
    expect(comparison.models.map((model) => [model.model, model.status, model.credits])).toEqual([
      ['openai/gpt-4o-mini', 'completed', 6],
      ['anthropic/claude-3-haiku-20240307', 'completed', 4],
      ['deepseek/deepseek-chat', 'failed', 0],
    ]);
    const [openai, anthropic, deepseek] = comparison.models;
    // The column's own system prompt reached its model, and only it.
    expect(openai!.answer).toMatch(/ (le|la|les|des) /);
    expect(anthropic!.answer).not.toMatch(/ (le|la|les|des) /);
    expect(anthropic!.answer).toContain('claude-3-haiku');
    for (const answered of [openai!, anthropic!]) {
      expect(answered.error).toBeNull();
      expect(answered.finish_reason).toBe('stop');
      expect(answered.time_to_first_token_ms).toBeGreaterThanOrEqual(0);
      expect(answered.duration_ms).toBeGreaterThanOrEqual(answered.time_to_first_token_ms!);
      expect(answered.tokens.input).toBeGreaterThan(0);
      expect(answered.tokens.output).toBeGreaterThan(0);
      expect(Object.keys(answered.tokens).sort()).toEqual(['cached', 'input', 'output', 'reasoning']);
    }
    expect(deepseek).toMatchObject({ answer: null, error: { code: expect.any(String), retryable: false }, tokens: { input: null, output: null } });
    expect(deepseek!.error!.message.length).toBeGreaterThan(0);
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 30, held: 0 });
  });

  it('streams one SSE stream whose events name each model: start, deltas, model_done per model, then done', async () => {
    const { key, accountId } = await developer(20);
    const response = await fetch(`${stack.baseUrl}/v1/compare`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        question: 'Describe glaciers [[simulate chunks=5]]',
        models: [{ model: 'openai/gpt-4o-mini' }, { model: 'groq/llama-3.1-8b-instant' }],
        stream: true,
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = (await response.text())
      .split('\n\n')
      .map((block) => ({ event: /^event: (.+)$/m.exec(block)?.[1], data: /^data: (.+)$/m.exec(block)?.[1] }))
      .filter((frame): frame is { event: string; data: string } => frame.event !== undefined && frame.data !== undefined)
      .map((frame) => ({ event: frame.event, data: JSON.parse(frame.data) as Record<string, unknown> }));
    expect(events[0]!.event).toBe('start');
    expect(events[0]!.data.models).toEqual([
      { model: 'openai/gpt-4o-mini', run_id: expect.any(String), credits_held: 6 },
      { model: 'groq/llama-3.1-8b-instant', run_id: expect.any(String), credits_held: 2 },
    ]);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    const comparison = done.data as unknown as Comparison;
    expect(comparison.status).toBe('completed');
    for (const name of ['openai/gpt-4o-mini', 'groq/llama-3.1-8b-instant']) {
      const deltas = events.filter((frame) => frame.event === 'delta' && frame.data.model === name).map((frame) => frame.data.text as string);
      const finished = events.filter((frame) => frame.event === 'model_done' && frame.data.model === name);
      expect(deltas.length).toBeGreaterThanOrEqual(5);
      expect(finished).toHaveLength(1);
      // The deltas add up to the answer the model finished with, which is the one the comparison stands by.
      expect(finished[0]!.data).toMatchObject({ status: 'completed', answer: deltas.join('') });
      expect(comparison.models.find((model) => model.model === name)!.answer).toBe(deltas.join(''));
    }
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 12, held: 0 });
  });

  it('refuses a bad key, an unknown model, too many models and too few credits in OpenAI’s format, holding nothing', async () => {
    const { client, accountId, user } = await developer(5);
    const stranger = new OpenAI({ apiKey: 'qrm_not_a_key', baseURL: `${stack.baseUrl}/v1`, maxRetries: 0 });
    const badKey = await refusal(stranger.post('/compare', { body: { question: 'Hello', models: [{ model: 'openai/gpt-4o-mini' }] } }));
    expect(badKey).toBeInstanceOf(OpenAI.AuthenticationError);

    const unknown = await refusal(client.post('/compare', { body: { question: 'Hello', models: [{ model: 'openai/gpt-4o-mini' }, { model: 'openai/gpt-99' }] } }));
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe('model_not_found');
    expect(unknown.param).toBe('models[1].model');

    const eleven = Array.from({ length: 11 }, (_, index) => ({ model: `openai/model-${index}` }));
    const tooMany = await refusal(client.post('/compare', { body: { question: 'Hello', models: eleven } }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toContain('at most 10 models');

    const poor = await refusal(client.post('/compare', { body: { question: 'Hello', models: [{ model: 'openai/gpt-4o-mini' }, { model: 'anthropic/claude-3-haiku' }] } }));
    expect(poor).toBeInstanceOf(OpenAI.APIError);
    expect(poor.status).toBe(402);
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 5, held: 0 });
    expect(await requestCount(user.id)).toBe(0);
  });

  it('reads a stored comparison by id with its owner’s key, and as not found with anyone else’s', async () => {
    const owner = await developer(20);
    const other = await developer(20);
    const asked = await owner.client.post<Comparison>('/compare', { body: { question: 'What is a cache?', models: [{ model: 'anthropic/claude-3-haiku' }, { model: 'groq/llama-3.1-8b-instant' }] } });
    const read = await owner.client.get<Comparison>(`/compare/${asked.id}`);
    expect(read).toEqual(asked);
    const hidden = await refusal(other.client.get(`/compare/${asked.id}`));
    expect(hidden.status).toBe(404);
    const unknown = await refusal(owner.client.get(`/compare/${crypto.randomUUID()}`));
    expect(unknown.status).toBe(404);
  });

  it('answers whole within timeout_seconds: a model still answering says so, keeps going, and is read later by id', async () => {
    const { client, accountId } = await developer(20);
    const asked = await client.post<Comparison>('/compare', {
      body: {
        question: 'What is a queue? [[simulate for=llama first-token-ms=2500]]',
        models: [{ model: 'anthropic/claude-3-haiku' }, { model: 'groq/llama-3.1-8b-instant' }],
        timeout_seconds: 1,
      },
    });
    expect(asked.status).toBe('answering');
    expect(asked.models.map((model) => [model.model, model.status])).toEqual([
      ['anthropic/claude-3-haiku-20240307', 'completed'],
      ['groq/llama-3.1-8b-instant', 'answering'],
    ]);
    expect(asked.models[1]).toMatchObject({ answer: null, error: null, credits: 0 });
    await expect.poll(async () => (await client.get<Comparison>(`/compare/${asked.id}`)).status, { timeout: 30_000, interval: 250 }).toBe('completed');
    const read = await client.get<Comparison>(`/compare/${asked.id}`);
    expect(read.models.map((model) => model.status)).toEqual(['completed', 'completed']);
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 14, held: 0 });
  });

  it('asks a comparison again and says per model what changed: its answer word by word and its figures', async () => {
    const { client, accountId } = await developer(40);
    const first = await client.post<Comparison>('/compare', {
      body: {
        question: `${BRAND_QUESTION} [[simulate for=deepseek status=401 fail-times=1]]`,
        models: [{ model: 'openai/gpt-4o-mini', settings: { temperature: 0.2 } }, { model: 'deepseek/deepseek-chat' }],
      },
    });
    expect(first.models.map((model) => model.status)).toEqual(['completed', 'failed']);
    const rerun = await client.post<ComparisonRerun>(`/compare/${first.id}/rerun`, { body: {} });
    expect(rerun.rerun_of).toBe(first.id);
    expect(rerun.id).not.toBe(first.id);
    expect(rerun.question).toBe(first.question);
    expect(rerun.models.map((model) => [model.model, model.status])).toEqual([
      ['openai/gpt-4o-mini', 'completed'],
      ['deepseek/deepseek-chat', 'completed'],
    ]);
    const [openai, deepseek] = rerun.changes;
    // The brand question's second asking is another sample: the same model now recommends differently.
    expect(openai).toMatchObject({ model: 'openai/gpt-4o-mini', answer: 'changed', earlier: { answer: first.models[0]!.answer }, later: { answer: rerun.models[0]!.answer } });
    expect(openai!.unchanged_share).toBeGreaterThan(0);
    expect(openai!.unchanged_share).toBeLessThan(1);
    expect(openai!.parts.some((part) => part.kind === 'added')).toBe(true);
    expect(openai!.parts.filter((part) => part.kind !== 'removed').map((part) => part.text).join('')).toBe(rerun.models[0]!.answer);
    expect(openai!.figures.credits).toBe(0);
    expect(typeof openai!.figures.duration_ms).toBe('number');
    // The model that failed the first time answers now: all of its answer is new, and it cost its price this time.
    expect(deepseek).toMatchObject({ model: 'deepseek/deepseek-chat', answer: 'new', unchanged_share: null, figures: { credits: rerun.models[1]!.credits } });
    expect(deepseek!.parts).toEqual([{ kind: 'added', text: rerun.models[1]!.answer }]);
    // Asked with the same settings as before.
    const [settings] = await stack.records().getConnection().execute<{ settings: unknown }[]>(
      `select settings from model_runs where request_id = ? and engine = 'openai'`,
      [rerun.id],
    );
    expect(settings!.settings).toEqual({ temperature: 0.2 });
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 40 - first.credits - rerun.credits, held: 0 });
  });

  it('asks a saved team by team_id, each model with its saved settings; another person’s team is not found', async () => {
    const { client, cookie, accountId } = await developer(30);
    const stranger = await developer(30);
    const created = await fetch(`${stack.baseUrl}/api/teams`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Tea panel',
        models: [
          { engine: 'openai', model: 'gpt-4o-mini', settings: { systemPrompt: 'Answer in French' } },
          { engine: 'groq', model: 'llama-3.1-8b-instant' },
        ],
      }),
    });
    expect(created.status).toBe(200);
    const team = ((await created.json()) as { data: { id: string } }).data;
    const comparison = await client.post<Comparison>('/compare', { body: { question: 'Compare green and black tea', team_id: team.id } });
    expect(comparison.models.map((model) => [model.model, model.status])).toEqual([
      ['openai/gpt-4o-mini', 'completed'],
      ['groq/llama-3.1-8b-instant', 'completed'],
    ]);
    expect(comparison.models[0]!.answer).toMatch(/ (le|la|les|des) /);
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 30 - comparison.credits, held: 0 });

    const both = await refusal(client.post('/compare', { body: { question: 'Hello', team_id: team.id, models: [{ model: 'openai/gpt-4o-mini' }] } }));
    expect(both.status).toBe(400);
    const hidden = await refusal(stranger.client.post('/compare', { body: { question: 'Hello', team_id: team.id } }));
    expect(hidden.status).toBe(404);
    expect(await accountLedger(stack.records(), stranger.accountId)).toEqual({ balance: 30, held: 0 });
  });

  it('gives the MCP compare tool the same per-model figures', async () => {
    const { key } = await developer(20);
    const mcp = new Client({ name: 'compare-api-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL('/mcp', stack.baseUrl), { requestInit: { headers: { authorization: `Bearer ${key.key}` } } }));
    const result = (await mcp.callTool({
      name: 'compare',
      arguments: { query: 'What is a mutex? [[simulate for=deepseek status=401]]', models: [{ engine: 'anthropic', model: 'claude-3-haiku-20240307' }, { engine: 'deepseek', model: 'deepseek-chat' }] },
    })) as CallToolResult;
    await mcp.close();
    const { comparison, requestId } = result.structuredContent as { comparison: Comparison; requestId: string };
    expect(comparison.id).toBe(requestId);
    const [anthropic, deepseek] = comparison.models;
    expect(anthropic).toMatchObject({ model: 'anthropic/claude-3-haiku-20240307', status: 'completed', credits: 4, error: null });
    expect(anthropic!.tokens.output).toBeGreaterThan(0);
    expect(anthropic!.time_to_first_token_ms).toEqual(expect.any(Number));
    expect(deepseek).toMatchObject({ model: 'deepseek/deepseek-chat', status: 'failed', credits: 0, answer: null });
    // The API reads the same comparison back with the same figures.
    const owner = new OpenAI({ apiKey: key.key, baseURL: `${stack.baseUrl}/v1`, maxRetries: 0 });
    expect(await owner.get<Comparison>(`/compare/${comparison.id}`)).toEqual(comparison);
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    expect(text).toContain('## anthropic/claude-3-haiku-20240307');
    expect(text).toMatch(/first token \d+\.\d s · done in \d+\.\d s · tokens \d+ in/);
    expect(text).toContain('Failed (nothing was charged)');
  });

  it('sends attached files with the question to every model, priced with it; a comparison with files is not asked again', async () => {
    const { client, cookie, accountId } = await developer(30);
    const notes = 'Quarterly notes\nRevenue rose 12%.\n';
    const uploaded = await uploadAttachment(stack.baseUrl, cookie, 'notes.txt', Buffer.from(notes));
    expect(uploaded.status).toBe(200);
    const comparison = await client.post<Comparison>('/compare', {
      body: { question: 'Summarise the notes', models: [{ model: 'openai/gpt-4o-mini' }, { model: 'anthropic/claude-3-haiku' }], attachments: [uploaded.body.data!.id] },
    });
    // The simulator says what it received: the document, byte for byte, at both providers.
    for (const model of comparison.models) expect(model.answer, model.model).toContain(`Received 1 attachment: ${receivedDocument(1, 'notes.txt', notes)}.`);
    // Each model's price plus one credit for the document.
    expect(comparison.models.map((model) => model.credits)).toEqual([7, 5]);
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 18, held: 0 });
    const again = await refusal(client.post(`/compare/${comparison.id}/rerun`, { body: {} }));
    expect(again.status).toBe(400);
    expect(again.code).toBe('has_attachments');
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 18, held: 0 });
  });
});
