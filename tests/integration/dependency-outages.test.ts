import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { SearchRequest } from '../../core/database/entities/search-request.ts';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import { proxyInFront, type TcpProxy } from '../support/tcp-proxy.ts';
import { testServices } from '../support/test-services.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { eventually } from '../support/eventually.ts';
import { databaseBehindProxy, type DatabaseBehindProxy } from '../support/database-behind-proxy.ts';

async function health(stack: TestStack) {
  const response = await fetch(`${stack.baseUrl}/api/health`);
  return { status: response.status, body: (await response.json()) as { success: boolean; data: { checks: Record<string, string> } } };
}

describe('when Redis goes away', () => {
  let stack: TestStack;
  let proxy: TcpProxy;

  beforeAll(async () => {
    const inFront = await proxyInFront((await testServices()).redisUrl, 6379);
    proxy = inFront.proxy;
    stack = await startTestStack({ serverRedisUrl: inFront.url });
  });

  afterAll(async () => {
    proxy?.restore();
    await stack?.close();
    await proxy?.close();
  });

  it('reports itself unhealthy, refuses searches with a 503 envelope, writes nothing, and recovers', async () => {
    expect((await health(stack)).body.success).toBe(true);
    proxy.cut();

    const down = await health(stack);
    expect(down.status).toBe(503);
    expect(down.body.success).toBe(false);
    expect(down.body.data.checks).toEqual({ postgres: 'up', redis: 'down' });

    const refused = await stack.ask({ ...SEARCH_BODY, query: 'Anyone there?' });
    expect(refused.status).toBe(503);
    expect(refused.envelope).toEqual({
      success: false,
      data: null,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable. Please try again later.' },
    });
    expect(await stack.records().count(SearchRequest, {})).toBe(0);

    proxy.restore();
    const recovered = await eventually(() => health(stack), (result) => result.body.success);
    expect(recovered.body.success).toBe(true);
    const answered = await stack.ask({ ...SEARCH_BODY, query: 'Back again?' });
    expect(answered.events.at(-1)?.event).toBe('end');
  });
});

describe('when Postgres goes away', () => {
  let stack: TestStack;
  let proxy: TcpProxy;
  let database: DatabaseBehindProxy;

  beforeAll(async () => {
    database = await databaseBehindProxy();
    proxy = database.proxy;
    stack = await startTestStack({ environment: { DATABASE_URL: database.directUrl }, serverDatabaseUrl: database.proxiedUrl });
  });

  afterAll(async () => {
    await database?.close(stack);
  });

  it('reports itself unhealthy, refuses searches with a 503 envelope, enqueues nothing, and recovers', async () => {
    expect((await health(stack)).body.success).toBe(true);
    proxy.cut();

    const down = await health(stack);
    expect(down.status).toBe(503);
    expect(down.body.data.checks).toEqual({ postgres: 'down', redis: 'up' });

    const refused = await stack.ask({ ...SEARCH_BODY, query: 'Is the database there?' });
    expect(refused.status).toBe(503);
    expect(refused.envelope?.error?.code).toBe('SERVICE_UNAVAILABLE');
    expect(await stack.app.answerQueue.count()).toBe(0);

    proxy.restore();
    const recovered = await eventually(() => health(stack), (result) => result.body.success);
    expect(recovered.body.success).toBe(true);
    const answered = await stack.ask({ ...SEARCH_BODY, query: 'And now?' });
    expect(answered.events.at(-1)?.event).toBe('end');
    // Only the question asked after recovery was stored.
    const em = stack.records();
    expect(await em.count(SearchRequest, {})).toBe(1);
    expect(await em.count(ModelRun, { status: 'completed' })).toBe(1);
  });
});
