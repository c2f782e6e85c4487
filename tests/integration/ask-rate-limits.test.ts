import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRequest } from '../../core/database/entities/search-request.ts';
import { createFundedUser } from '../support/funded-user.ts';
import { postSearchStream, SEARCH_BODY, THREE_MODELS } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { startSecondServer, type SecondServer } from '../support/second-server.ts';

/** Asking is limited per asker and per address, counted in Redis and so shared by every server process. */
describe('limits on asking', () => {
  let stack: TestStack;
  let second: SecondServer;
  let secondUrl: string;

  beforeAll(async () => {
    stack = await startTestStack({ environment: { ASK_RATE_LIMIT_PER_MINUTE: '3', ASK_RATE_LIMIT_PER_IP_PER_MINUTE: '5' } });
    // A second server on the same Redis and Postgres, as behind a load balancer.
    second = await startSecondServer(stack.config);
    secondUrl = second.url;
  });

  afterAll(async () => {
    await second?.close();
    await stack?.close();
  });

  const ask = (baseUrl: string, cookie: string, path = '/api/search/stream', body: unknown = { ...SEARCH_BODY, query: 'Quick one [[simulate chunks=1]]' }) =>
    postSearchStream(baseUrl, body, { path, headers: { cookie } });

  it('refuses an asker past their limit with 429 and Retry-After, whichever server they ask, and admits nothing', async () => {
    const answered = [await ask(stack.baseUrl, stack.fundedCookie), await ask(secondUrl, stack.fundedCookie), await ask(stack.baseUrl, stack.fundedCookie, '/api/compare/stream', { query: 'Compared [[simulate chunks=1]]', models: THREE_MODELS })];
    for (const result of answered) expect(result.status).toBe(200);
    const before = await stack.records().count(SearchRequest, {});

    const refused = await ask(secondUrl, stack.fundedCookie);
    expect(refused.status).toBe(429);
    expect(refused.envelope).toEqual({
      success: false,
      data: null,
      error: { code: 'RATE_LIMIT_ERROR', message: 'Too many questions in a short time. Please wait a moment and try again.' },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stack.records().count(SearchRequest, {})).toBe(before);

    // Someone else signed in from the same address still has their own allowance, up to the address's limit (5).
    const other = await createFundedUser(stack.records(), stack.config, 'Same Office');
    expect((await ask(stack.baseUrl, other)).status).toBe(200);
    expect((await ask(secondUrl, other)).status).toBe(200);
    const pastAddressLimit = await ask(stack.baseUrl, other);
    expect(pastAddressLimit.status).toBe(429);
    expect(pastAddressLimit.envelope?.error?.code).toBe('RATE_LIMIT_ERROR');
  });
});
