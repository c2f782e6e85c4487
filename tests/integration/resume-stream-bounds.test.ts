import http from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRequestEventPages, readRequestEvents, REPLAY_PAGE_SIZE } from '../../core/events/request-event-reader.ts';
import { RequestEventWriter } from '../../core/events/request-event-writer.ts';
import { ServerSentEventStream } from '../../server/streaming/server-sent-events.ts';
import { followRequestEvents } from '../../server/streaming/follow-request-events.ts';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import { keysMatching } from '../support/isolated-resources.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * Resumed streams are free to open, so none may pin the server's memory: the replay is read a page at a time, a
 * reader who takes nothing is disconnected, each person and address holds a bounded number open, and resuming is
 * rate-limited like asking.
 */
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({
    environment: { OPEN_STREAMS_PER_PERSON: '3', OPEN_STREAMS_PER_IP: '5', ASK_RATE_LIMIT_PER_MINUTE: '12', ASK_RATE_LIMIT_PER_IP_PER_MINUTE: '1000' },
  });
});

afterAll(async () => {
  await stack?.close();
});

describe('resumed streams', () => {
  it('replays the record a page at a time, in order, with nothing lost at the page boundaries', async () => {
    const requestId = randomUUID();
    const runId = randomUUID();
    const writer = new RequestEventWriter(stack.app.redis, { keyPrefix: stack.config.redis.keyPrefix, streamTtlSeconds: 600, streamMaxEvents: 10_000 });
    const count = REPLAY_PAGE_SIZE * 3 + 5;
    for (let index = 0; index < count; index += 1) await writer.append({ requestId, runId, type: 'text_delta', text: `piece ${index} ` });
    const whole = await readRequestEvents(stack.app.redis, stack.config.redis.keyPrefix, requestId, 0);
    const afterSeq = whole[10]!.seq;
    const pages: number[] = [];
    const paged = [];
    for await (const page of readRequestEventPages(stack.app.redis, stack.config.redis.keyPrefix, requestId, afterSeq)) {
      pages.push(page.length);
      paged.push(...page);
    }
    expect(paged).toEqual(whole.slice(11));
    expect(Math.max(...pages)).toBeLessThanOrEqual(REPLAY_PAGE_SIZE);
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });

  it('gives a reader that fell far behind a live answer every event once, in order, from the record', { timeout: 30_000 }, async () => {
    const requestId = randomUUID();
    const runId = randomUUID();
    const writer = new RequestEventWriter(stack.app.redis, { keyPrefix: stack.config.redis.keyPrefix, streamTtlSeconds: 600, streamMaxEvents: 10_000 });
    await writer.append({ requestId, runId, type: 'text_delta', text: 'piece 0 ' });
    const left = new AbortController();
    const services = stack.app.requestServices;
    const events = followRequestEvents({ hub: services.requestEvents, redis: services.redis, keyPrefix: services.keyPrefix, requestId, signal: left.signal });
    const seen = [(await events.next()).value!];
    // The reader takes nothing while the answer goes on: far more live events than are kept waiting for it.
    const count = 1_500;
    for (let index = 1; index < count; index += 1) await writer.append({ requestId, runId, type: 'text_delta', text: `piece ${index} ` });
    while (seen.length < count) seen.push((await events.next()).value!);
    left.abort();
    await events.return(undefined);
    const whole = await readRequestEvents(stack.app.redis, stack.config.redis.keyPrefix, requestId, 0);
    expect(seen.map((event) => event.seq)).toEqual(whole.map((event) => event.seq));
    expect(seen.map((event) => (event.type === 'text_delta' ? event.text : '')).join('')).toBe(Array.from({ length: count }, (_, index) => `piece ${index} `).join(''));
  });

  it('disconnects a reader that takes nothing for the stalled-client time', { timeout: 30_000 }, async () => {
    let stream: ServerSentEventStream | undefined;
    let sent = 0;
    const closed = new Promise<number>((resolve) => {
      const server = http.createServer((_request, response) => {
        stream = new ServerSentEventStream(response, 500);
        stream.open({});
        response.on('close', () => {
          server.close();
          resolve(performance.now());
        });
        void (async () => {
          // Far more than any socket buffer takes: the writes must start waiting for the reader.
          const big = 'x'.repeat(256 * 1024);
          while (stream!.isOpen && sent < 400) {
            await stream!.send('chunk', { content: big });
            sent += 1;
          }
        })();
      });
      server.listen(0, '127.0.0.1', () => {
        const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1', () => {
          socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
          // Never read: the client's window fills and stays full.
          socket.pause();
        });
        socket.on('error', () => undefined);
      });
    });
    const startedAt = performance.now();
    const closedAt = await closed;
    expect(stream!.isOpen).toBe(false);
    expect(sent).toBeLessThan(400);
    expect(closedAt - startedAt).toBeLessThan(15_000);
  });

  it('caps the resumed streams and live sockets one person holds open, and gives slots back as they close', { timeout: 60_000 }, async () => {
    const asked = await stack.ask({ ...SEARCH_BODY, query: 'Resumed many times [[simulate chunks=3]]' });
    const requestId = String(asked.events[0]!.data.requestId);
    const controllers: AbortController[] = [];
    const open = async () => {
      const controller = new AbortController();
      controllers.push(controller);
      // A reader that follows a finished answer gets its replay and the end; hold the connection by not reading.
      return fetch(`${stack.baseUrl}/api/requests/${requestId}/events?after=0`, { headers: { cookie: stack.fundedCookie }, signal: controller.signal });
    };
    // Live sockets count too: three held open use up the allowance.
    const sockets = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<WebSocket>((resolve, reject) => {
            const socket = new WebSocket(new URL('/api/live', stack.baseUrl.replace(/^http/, 'ws')), { headers: { cookie: stack.fundedCookie } } as unknown as string[]);
            socket.addEventListener('open', () => resolve(socket), { once: true });
            socket.addEventListener('error', () => reject(new Error('socket refused')), { once: true });
          }),
      ),
    );
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMIT_ERROR', message: 'Too many open streams at once. Please close some tabs and try again.' } });
    const fourthSocket = await new Promise<string>((resolve) => {
      const socket = new WebSocket(new URL('/api/live', stack.baseUrl.replace(/^http/, 'ws')), { headers: { cookie: stack.fundedCookie } } as unknown as string[]);
      socket.addEventListener('open', () => resolve('opened'), { once: true });
      socket.addEventListener('error', () => resolve('refused'), { once: true });
    });
    expect(fourthSocket).toBe('refused');

    for (const socket of sockets) socket.close();
    // Once closed, the slots come back.
    const deadline = Date.now() + 10_000;
    let again = await open();
    while (again.status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await open();
    }
    expect(again.status).toBe(200);
    expect(again.headers.get('content-type')).toMatch(/^text\/event-stream/);
    for (const controller of controllers) controller.abort();
  });

  it('counts resumes like questions: past the per-minute limit they get a 429 with Retry-After', { timeout: 60_000 }, async () => {
    const asked = await stack.ask({ ...SEARCH_BODY, query: 'Resumed over and over [[simulate chunks=2]]' });
    const requestId = String(asked.events[0]!.data.requestId);
    const statuses: number[] = [];
    let refusal: Response | undefined;
    for (let attempt = 0; attempt < 14; attempt += 1) {
      const response = await fetch(`${stack.baseUrl}/api/requests/${requestId}/events?after=0`, { headers: { cookie: stack.fundedCookie } });
      statuses.push(response.status);
      if (response.status === 429) refusal ??= response;
      else await response.arrayBuffer();
    }
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(12);
    expect(refusal).toBeDefined();
    expect(Number(refusal!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refusal!.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMIT_ERROR' } });
    // Counted under keys named by the limit (not the rate-limit library's `undefinedundefined-…`).
    const keys = await keysMatching(stack.app.redis, `${stack.config.redis.keyPrefix}:rate-limit:*`);
    expect(keys.filter((key) => key.includes('undefined'))).toEqual([]);
    expect(keys).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${stack.config.redis.keyPrefix}:rate-limit:resume:user:`)), expect.stringMatching(/:rate-limit:resume:address:/)]));
  });
});
