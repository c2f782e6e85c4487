import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUDGE_INSTRUCTION_MAX_LENGTH, JUDGE_INSTRUCTIONS, SOURCE_CHECK_INSTRUCTION, type JudgePrompts, type JudgeSummary } from '../../contract/judge.ts';
import type { ConversationTurn } from '../../contract/conversation.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { THREE_MODELS } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

async function post<T>(path: string, cookie: string, body: unknown, method = 'POST') {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { cookie, origin: stack.config.server.appUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { data: T; error: { code: string; message: string } | null } };
}

const storedJudgeRequest = async (requestId: string) =>
  (await stack.records().execute<{ query: string; conversation: ConversationTurn[] }[]>(`select query, conversation from search_requests where id = ?`, [requestId]))[0]!;

describe('the judge summary', () => {
  it('has the chosen model read every answer and summarise them, charged at its price like any answer', async () => {
    const payer = await createPayer(stack.records(), stack.config, 100);
    const compared = await post<{ requestId: string; results: { response: string }[] }>('/api/compare', payer.cookie, { query: 'Is remote work productive?', models: THREE_MODELS.slice(0, 2) });
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 88, held: 0 });

    const judged = await post<JudgeSummary>(`/api/requests/${compared.body.data.requestId}/judge`, payer.cookie, { engine: 'groq', model: 'llama-3.1-8b-instant' });
    expect(judged.status).toBe(200);
    expect(judged.body.data.result).toMatchObject({ success: true, engine: 'groq', model: 'llama-3.1-8b-instant', creditsUsed: 2 });
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 86, held: 0 });

    // The judge was given the question and both answers, by name.
    expect(judged.body.data).toMatchObject({ mode: 'agreement', checkedSources: false });
    const stored = await storedJudgeRequest(judged.body.data.requestId);
    expect(stored!.query).toMatch(/^Summarise where the answers above agree/);
    expect(stored!.conversation[0]).toEqual({ role: 'user', content: 'Is remote work productive?' });
    const given = stored!.conversation[1]!.content;
    expect(given).toContain('### Answer 1 (GPT-4o mini)');
    for (const result of compared.body.data.results) expect(given).toContain(result.response.trim());
  });

  it('needs two answers, a finished request of one’s own, and an arena round voted on; refusals cost nothing', async () => {
    const payer = await createPayer(stack.records(), stack.config, 100);
    const stranger = await createPayer(stack.records(), stack.config, 100);
    const single = await post<{ requestId: string }>('/api/search', payer.cookie, { query: 'Hello there', model: 'openai', specificModel: 'gpt-4o-mini' });
    const judge = { engine: 'groq', model: 'llama-3.1-8b-instant' };
    const lone = await post(`/api/requests/${single.body.data.requestId}/judge`, payer.cookie, judge);
    expect(lone.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'A summary needs at least two answers.' });

    const compared = await post<{ requestId: string }>('/api/compare', payer.cookie, { query: 'Tea or coffee?', models: THREE_MODELS.slice(0, 2) });
    expect((await post(`/api/requests/${compared.body.data.requestId}/judge`, stranger.cookie, judge)).status).toBe(404);
    const unknownModel = await post(`/api/requests/${compared.body.data.requestId}/judge`, payer.cookie, { engine: 'groq', model: 'no-such-model' });
    expect(unknownModel.status).toBe(400);

    const arena = await fetch(`${stack.baseUrl}/api/arena/stream`, {
      method: 'POST',
      headers: { cookie: payer.cookie, origin: stack.config.server.appUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Tea or coffee?', category: 'general', models: THREE_MODELS.slice(0, 2) }),
    });
    const roundId = /"requestId":"([0-9a-f-]{36})"/.exec(await arena.text())![1]!;
    const blind = await post(`/api/requests/${roundId}/judge`, payer.cookie, judge);
    expect(blind.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Vote on the arena round first.' });
    // Two comparisons (12 each) and one single answer (6); none of the refused summaries cost anything.
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 100 - 6 - 12 - 12, held: 0 });
  });

  it('merges, critiques and ranks on request, each with its own instruction, charged alike', async () => {
    const payer = await createPayer(stack.records(), stack.config, 100);
    const compared = await post<{ requestId: string }>('/api/compare', payer.cookie, { query: 'Which database for a tiny shop?', models: THREE_MODELS.slice(0, 2) });
    for (const mode of ['merge', 'critique', 'rank'] as const) {
      const judged = await post<JudgeSummary>(`/api/requests/${compared.body.data.requestId}/judge`, payer.cookie, { engine: 'groq', model: 'llama-3.1-8b-instant', mode });
      expect(judged.status, JSON.stringify(judged.body)).toBe(200);
      expect(judged.body.data).toMatchObject({ mode, result: { success: true, creditsUsed: 2 } });
      expect((await storedJudgeRequest(judged.body.data.requestId)).query).toBe(JUDGE_INSTRUCTIONS[mode]);
    }
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 100 - 12 - 3 * 2, held: 0 });
    const unknown = await post(`/api/requests/${compared.body.data.requestId}/judge`, payer.cookie, { engine: 'groq', model: 'llama-3.1-8b-instant', mode: 'vibes' });
    expect(unknown.status).toBe(400);
  });

  it('keeps a person’s own instruction per mode until they reset it; a call may bring its own', async () => {
    const payer = await createPayer(stack.records(), stack.config, 100);
    const other = await createPayer(stack.records(), stack.config, 100);
    const compared = await post<{ requestId: string }>('/api/compare', payer.cookie, { query: 'Cats or dogs?', models: THREE_MODELS.slice(0, 2) });
    const judge = (body: Record<string, unknown>) =>
      post<JudgeSummary>(`/api/requests/${compared.body.data.requestId}/judge`, payer.cookie, { engine: 'groq', model: 'llama-3.1-8b-instant', ...body });

    const saved = await post<JudgePrompts>('/api/judge/prompts/critique', payer.cookie, { instruction: '  Name the answer with the fewest facts.  ' }, 'PUT');
    expect(saved.status).toBe(200);
    expect(saved.body.data.saved).toEqual({ critique: 'Name the answer with the fewest facts.' });
    expect(saved.body.data.builtIn).toEqual(JUDGE_INSTRUCTIONS);
    expect((await storedJudgeRequest((await judge({ mode: 'critique' })).body.data.requestId)).query).toBe('Name the answer with the fewest facts.');
    // Another mode, and another person, keep Quorum's.
    expect((await storedJudgeRequest((await judge({ mode: 'rank' })).body.data.requestId)).query).toBe(JUDGE_INSTRUCTIONS.rank);
    expect((await post<JudgePrompts>('/api/judge/prompts', other.cookie, undefined, 'GET')).body.data.saved).toEqual({});
    expect((await storedJudgeRequest((await judge({ mode: 'critique', instruction: 'Just this once: pick one.' })).body.data.requestId)).query).toBe('Just this once: pick one.');

    const reset = await post<JudgePrompts>('/api/judge/prompts/critique', payer.cookie, undefined, 'DELETE');
    expect(reset.body.data.saved).toEqual({});
    expect((await storedJudgeRequest((await judge({ mode: 'critique' })).body.data.requestId)).query).toBe(JUDGE_INSTRUCTIONS.critique);

    for (const [path, body] of [
      ['/api/judge/prompts/critique', { instruction: 'x'.repeat(JUDGE_INSTRUCTION_MAX_LENGTH + 1) }],
      ['/api/judge/prompts/critique', { instruction: '   ' }],
      ['/api/judge/prompts/vibes', { instruction: 'Anything' }],
    ] as const) {
      const refused = await post(path, payer.cookie, body, 'PUT');
      expect(refused.status, path).toBe(400);
      expect(refused.body.error!.code).toBe('VALIDATION_ERROR');
    }
    expect((await post('/api/judge/prompts/critique', '', { instruction: 'Anything' }, 'PUT')).status).toBe(401);
  });

  it('lists each answer’s cited pages for the judge and asks it to mark those that do not support their claims', async () => {
    const payer = await createPayer(stack.records(), stack.config, 200);
    const compared = await post<{ requestId: string; results: { sources: { url: string }[] }[] }>('/api/compare', payer.cookie, {
      query: 'What changed in Postgres this year?',
      models: [
        { engine: 'openai', model: 'gpt-4o-mini' },
        { engine: 'perplexity', model: 'sonar' },
      ],
      searchEnabled: true,
    });
    expect(compared.status, JSON.stringify(compared.body)).toBe(200);
    const cited = compared.body.data.results.flatMap((result) => result.sources.map((source) => source.url));
    expect(cited.length).toBeGreaterThan(0);
    const judged = await post<JudgeSummary>(`/api/requests/${compared.body.data.requestId}/judge`, payer.cookie, { engine: 'groq', model: 'llama-3.1-8b-instant', mode: 'merge' });
    expect(judged.body.data).toMatchObject({ mode: 'merge', checkedSources: true, result: { success: true } });
    const stored = await storedJudgeRequest(judged.body.data.requestId);
    expect(stored.query).toBe(`${JUDGE_INSTRUCTIONS.merge} ${SOURCE_CHECK_INSTRUCTION}`);
    expect(stored.query.length).toBeLessThanOrEqual(500);
    expect(stored.conversation[1]!.content).toContain('Cited pages:');
    for (const url of cited) expect(stored.conversation[1]!.content).toContain(url);
  });
});
