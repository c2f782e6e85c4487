import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { createFundedUser } from '../support/funded-user.ts';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * Every call that reaches something one person owns, made as its owner, as another signed-in user and as a guest
 * (and, for a guest's own request, as another guest). Only the owner gets it; everyone else gets the same 404 an
 * unknown id gets (or 401 where signing in is required), and lists never show someone else's things. The route
 * table is checked too: a new route with a path parameter fails this test until it is added here.
 */
type Caller = 'owner' | 'other' | 'guest';

interface Answer {
  status: number;
  text: string;
}

const BRAND = 'Zentrovia';

describe('who may reach what', () => {
  const table: RouteOptions[] = [];
  let stack: TestStack;
  let otherCookie: string;
  const guestSession = randomUUID();
  let finishedRequestId: string;
  let guestRequestId: string;
  let apiKeyId: string;
  let apiKey: string;

  const headersOf = (caller: Caller | 'another-guest'): Record<string, string> => {
    switch (caller) {
      case 'owner':
        return { cookie: stack.fundedCookie };
      case 'other':
        return { cookie: otherCookie };
      case 'guest':
        return { 'x-session-id': guestSession };
      case 'another-guest':
        return { 'x-session-id': randomUUID() };
    }
  };

  async function call(caller: Caller | 'another-guest', method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(`${stack.baseUrl}${path}`, {
      method,
      headers: { ...headersOf(caller), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(20_000),
    });
    return { status: response.status, text: await response.text() };
  }

  beforeAll(async () => {
    stack = await startTestStack({ onRoute: (route) => table.push(route) });
    otherCookie = await createFundedUser(stack.records(), stack.config, 'Other Person');

    const finished = await stack.ask({ ...SEARCH_BODY, query: `Tell me about ${BRAND} [[simulate chunks=3]]`, brandMonitoringEnabled: true, brandConfig: { brandName: BRAND } });
    expect(finished.events.at(-1)?.event).toBe('end');
    finishedRequestId = String(finished.events[0]!.data.requestId);

    const asGuest = await fetch(`${stack.baseUrl}/api/search/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headersOf('guest') },
      body: JSON.stringify({ ...SEARCH_BODY, query: 'A guest asks [[simulate chunks=3]]' }),
    });
    expect(asGuest.status).toBe(200);
    guestRequestId = /"requestId":"([^"]+)"/.exec(await asGuest.text())![1]!;

    const created = await call('owner', 'POST', '/api/api-keys', { name: 'matrix' });
    expect(created.status).toBe(200);
    ({ id: apiKeyId, key: apiKey } = (JSON.parse(created.text) as { data: { id: string; key: string } }).data);
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** Every route (method and URL) with a path parameter, from the route table. */
  const routesWithParameters = (): string[] =>
    [
      ...new Set(
        table
          .filter((route) => route.url.includes(':') && !(route as { websocket?: boolean }).websocket)
          .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD').map((method) => `${method} ${route.url}`)),
      ),
    ].sort();
  const WALKED = ['DELETE /api/api-keys/:id', 'GET /api/requests/:id/events', 'GET /api/requests/:id/thread', 'POST /api/requests/:id/cancel'];

  it('walks the routes it knows, and refuses everyone but the owner on every other route with a path parameter', async () => {
    expect(routesWithParameters()).toEqual(expect.arrayContaining(WALKED));
    // Routes added since this matrix was written still get a baseline: with the owner's ids (and an unknown one),
    // anyone else gets a 4xx and none of the owner's data.
    const others = routesWithParameters().filter((route) => !WALKED.includes(route));
    for (const route of others) {
      const [method, url] = route.split(' ') as [string, string];
      for (const id of [finishedRequestId, apiKeyId, randomUUID()]) {
        for (const caller of ['other', 'guest'] as const) {
          const answer = await call(caller, method, url.replace(/:[A-Za-z]+/g, id), method === 'GET' || method === 'DELETE' ? undefined : {});
          expect({ route, caller, status: answer.status }).toMatchObject({ status: expect.toSatisfy((status: number) => status >= 400 && status < 500) });
          expect(answer.text).not.toContain(BRAND);
        }
      }
    }
    console.info(`authorisation matrix: ${WALKED.length} routes walked in full, ${others.length} more checked for a baseline: ${others.join(', ')}`);
  });

  it.each(['events', 'thread'])("gives a request's %s only to its owner", async (part) => {
    const path = `/api/requests/${finishedRequestId}/${part}`;
    expect((await call('owner', 'GET', path)).status).toBe(200);
    for (const caller of ['other', 'guest'] as const) {
      const refused = await call(caller, 'GET', path);
      expect(refused).toMatchObject({ status: 404, text: expect.stringContaining('NOT_FOUND') });
      expect(refused.text).not.toContain(BRAND);
    }
    if (part === 'events') {
      const guestPath = `/api/requests/${guestRequestId}/events`;
      expect((await call('guest', 'GET', guestPath)).status).toBe(200);
      for (const caller of ['owner', 'other', 'another-guest'] as const) expect((await call(caller, 'GET', guestPath)).status).toBe(404);
    }
  });

  it("stops a request only for its owner; anyone else's stop changes nothing", async () => {
    const leave = new AbortController();
    let requestId = '';
    const running = stack
      .ask({ ...SEARCH_BODY, query: 'Long enough to be stopped [[simulate chunks=200 chunk-ms=30]]' }, {
        signal: leave.signal,
        onEvent: (event) => {
          requestId ||= String(event.data.requestId);
          if (event.event === 'chunk') leave.abort();
        },
      })
      .catch(() => undefined);
    await running;
    const path = `/api/requests/${requestId}/cancel`;
    for (const caller of ['other', 'guest'] as const) expect((await call(caller, 'POST', path, {})).status).toBe(404);
    const [run] = await stack.records().find(ModelRun, { request: requestId });
    expect(run!.status).toBe('running');
    expect((await call('owner', 'POST', path, {})).status).toBe(200);
    expect((await stack.records().findOneOrFail(ModelRun, run!.id, { refresh: true })).errorCode).toBe('CANCELLED');
  });

  it("continues a conversation only from one's own request", async () => {
    const followUp = { ...SEARCH_BODY, query: 'And then? [[simulate chunks=2]]', followUpOf: finishedRequestId };
    for (const caller of ['other', 'guest'] as const) {
      const refused = await call(caller, 'POST', '/api/search/stream', followUp);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expect(refused.text).not.toContain(BRAND);
    }
    expect((await call('owner', 'POST', '/api/search/stream', followUp)).status).toBe(200);
  });

  it('revokes an API key only for its owner, and only the owner lists it', async () => {
    const path = `/api/api-keys/${apiKeyId}`;
    expect((await call('other', 'DELETE', path)).status).toBe(404);
    expect((await call('guest', 'DELETE', path)).status).toBe(401);
    expect((await call('other', 'GET', '/api/api-keys')).text).not.toContain(apiKeyId);
    expect((await call('guest', 'GET', '/api/api-keys')).status).toBe(401);
    expect((await call('owner', 'GET', '/api/api-keys')).text).toContain(apiKeyId);
    // The key works for the OpenAI-compatible API until its owner revokes it.
    expect((await call('guest', 'GET', '/v1/models', undefined, { authorization: `Bearer ${apiKey}` })).status).toBe(200);
    expect((await call('owner', 'DELETE', path)).status).toBe(200);
    expect((await call('guest', 'GET', '/v1/models', undefined, { authorization: `Bearer ${apiKey}` })).status).toBe(401);
  });

  it("never lists someone else's history, brand data or credits", async () => {
    expect((await call('owner', 'GET', '/api/user-requests')).text).toContain(finishedRequestId);
    expect((await call('other', 'GET', '/api/user-requests')).text).not.toContain(finishedRequestId);
    expect((await call('guest', 'GET', '/api/user-requests')).status).toBe(401);
    for (const path of ['/api/brand-config/recent', '/api/brand-config/mentions', '/api/brand-config/analytics']) {
      const other = await call('other', 'GET', path);
      expect(other.text).not.toContain(BRAND);
      expect(other.status).toBeLessThan(500);
      const guest = await call('guest', 'GET', path);
      expect(guest.text).not.toContain(BRAND);
      expect(guest.status).toBeLessThan(500);
    }
    expect((await call('owner', 'GET', '/api/brand-config/recent')).text).toContain(BRAND);
    const credits = async (caller: Caller) => (JSON.parse((await call(caller, 'GET', '/api/credits')).text) as { data: { creditsRemaining?: number } }).data;
    expect(await credits('other')).not.toEqual(await credits('owner'));
  });

  it('relays a request over the live socket only to its owner', async () => {
    const subscribe = async (caller: Caller, requestId: string) => {
      const socket = new WebSocket(new URL('/api/live', stack.baseUrl.replace(/^http/, 'ws')), { headers: headersOf(caller) } as unknown as string[]);
      const first = new Promise<{ type: string; code?: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer on the socket')), 10_000);
        socket.addEventListener('message', (event) => {
          const message = JSON.parse(String(event.data)) as { type: string; requestId?: string; code?: string };
          if (message.requestId !== requestId) return;
          clearTimeout(timer);
          resolve(message);
        });
      });
      await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
      socket.send(JSON.stringify({ type: 'subscribe', requestId }));
      const answer = await first;
      socket.close();
      return answer;
    };
    expect(await subscribe('owner', finishedRequestId)).toMatchObject({ type: 'subscribed' });
    for (const caller of ['other', 'guest'] as const) expect(await subscribe(caller, finishedRequestId)).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    expect(await subscribe('guest', guestRequestId)).toMatchObject({ type: 'subscribed' });
    expect(await subscribe('owner', guestRequestId)).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
  });
});
