import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import { createFundedUser } from '../support/funded-user.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import type { HistoryList } from '../../client/src/api/history-api.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

/** Read with the client's own contract type, so a drift between the server and the browser shows up here. */
interface HistoryBody {
  success: boolean;
  error: { code: string; message: string } | null;
  data: HistoryList;
}

async function history(cookie: string | undefined, limit?: number) {
  const response = await fetch(`${stack.baseUrl}/api/user-requests${limit ? `?limit=${limit}` : ''}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as HistoryBody };
}

describe('GET /api/user-requests', () => {
  it('lists the user’s own requests, newest first, in the spec’s shape', async () => {
    await stack.ask({ ...SEARCH_BODY, query: 'First, a single question' });
    await stack.ask({ ...SEARCH_BODY, query: 'A failing one [[simulate status=401]]' });
    await stack.ask(
      { query: 'Then a comparison [[simulate for=deepseek status=401]]', models: [{ engine: 'openai', model: 'gpt-4o-mini' }, { engine: 'deepseek', model: 'deepseek-chat' }] },
      { path: '/api/compare/stream' },
    );

    const { status, body } = await history(stack.fundedCookie);
    expect(status).toBe(200);
    expect(body.data.total).toBe(3);
    const [comparison, failed, single] = body.data.requests;
    expect(single).toMatchObject({
      query: 'First, a single question',
      status: 'completed',
      engine: 'openai',
      model: 'gpt-4o-mini',
      creditsUsed: 6,
      errorMessage: null,
      searchEnabled: false,
      brandMonitoringEnabled: false,
      brandConfig: null,
    });
    expect(single!.response!.length).toBeGreaterThan(10);
    expect(new Date(single!.completedAt!).getTime()).toBeGreaterThanOrEqual(new Date(single!.createdAt).getTime());
    expect(failed).toMatchObject({ status: 'error', creditsUsed: 0, response: null, errorMessage: 'The model provider refused our credentials. Please contact support.' });

    expect(comparison).toMatchObject({ engine: 'comparison_stream', model: 'comparison:openai/gpt-4o-mini,deepseek/deepseek-chat', status: 'completed', creditsUsed: 6 });
    const parsed = JSON.parse(comparison!.response!) as { results: { engine: string; success: boolean; response: string | null; error: string | null }[] };
    expect(parsed.results.map((result) => [result.engine, result.success])).toEqual([
      ['openai', true],
      ['deepseek', false],
    ]);

    const limited = await history(stack.fundedCookie, 2);
    expect(limited.body.data.requests).toHaveLength(2);
    expect(limited.body.data.total).toBe(3);
  });

  it('shows another user nothing of it, and a guest is told to sign in', async () => {
    const stranger = await createFundedUser(stack.records(), stack.config);
    const theirs = await history(stranger);
    expect(theirs.body.data).toEqual({ total: 0, requests: [] });
    const guest = await history(undefined);
    expect(guest.status).toBe(401);
    expect(guest.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Session expired' });
  });
});
