import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyInFront, type TcpProxy } from '../support/tcp-proxy.ts';
import { testServices } from '../support/test-services.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { eventually } from '../support/eventually.ts';

async function getJson(url: string) {
  const response = await fetch(url);
  return { status: response.status, cacheControl: response.headers.get('cache-control'), body: (await response.json()) as Record<string, unknown> };
}

describe('liveness and readiness', () => {
  let stack: TestStack;
  let proxy: TcpProxy;

  beforeAll(async () => {
    const inFront = await proxyInFront((await testServices()).redisUrl, 6379);
    proxy = inFront.proxy;
    stack = await startTestStack({ serverRedisUrl: inFront.url, withWorker: false });
  });

  afterAll(async () => {
    proxy?.restore();
    await stack?.close();
    await proxy?.close();
  });

  it('are live and ready while Postgres and Redis answer', async () => {
    const live = await getJson(`${stack.baseUrl}/api/health/live`);
    expect(live).toMatchObject({ status: 200, cacheControl: 'no-store', body: { success: true, data: { status: 'live' }, error: null } });
    const ready = await getJson(`${stack.baseUrl}/api/health/ready`);
    expect(ready).toMatchObject({ status: 200, body: { success: true, data: { status: 'ready', checks: { postgres: 'up', redis: 'up' } }, error: null } });
  });

  it('is not ready (503 in the envelope) while Redis is unreachable, yet still live; ready again once it is back', async () => {
    proxy.cut();
    const notReady = await getJson(`${stack.baseUrl}/api/health/ready`);
    expect(notReady.status).toBe(503);
    expect(notReady.body).toEqual({
      success: false,
      data: { status: 'not-ready', checks: { postgres: 'up', redis: 'down' } },
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable. Please try again later.' },
    });
    const live = await getJson(`${stack.baseUrl}/api/health/live`);
    expect(live.status).toBe(200);
    // The footer's check keeps its own shape and wording.
    const health = await getJson(`${stack.baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ success: false, data: { status: 'degraded' }, error: { code: 'SERVICE_UNAVAILABLE', message: 'System maintenance' } });

    proxy.restore();
    const recovered = await eventually(() => getJson(`${stack.baseUrl}/api/health/ready`), (result) => result.status === 200);
    expect(recovered.body).toMatchObject({ success: true, data: { status: 'ready' } });
  });

  it('are described in the API reference beside /api/health', async () => {
    const document = (await (await fetch(`${stack.baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, { get?: { responses: Record<string, unknown> } }> };
    expect(Object.keys(document.paths['/api/health/live']?.get?.responses ?? {})).toEqual(['200']);
    expect(Object.keys(document.paths['/api/health/ready']?.get?.responses ?? {}).sort()).toEqual(['200', '503']);
    expect(document.paths['/api/health']?.get).toBeDefined();
    expect(document.paths['/metrics']).toBeUndefined();
  });
});
