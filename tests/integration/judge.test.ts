import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeSummary } from '../../contract/judge.ts';
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

async function post<T>(path: string, cookie: string, body: unknown) {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, origin: stack.config.server.appUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: T; error: { code: string; message: string } | null } };
}

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
    const [stored] = await stack.records().execute<{ query: string; conversation: ConversationTurn[] }[]>(`select query, conversation from search_requests where id = ?`, [judged.body.data.requestId]);
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
});
