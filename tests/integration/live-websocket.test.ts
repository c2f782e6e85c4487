import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerSentEventParser } from '../../client/src/api/server-sent-events.ts';
import { GUEST_SEARCH_BODY, postSearchStream, SEARCH_BODY, THREE_MODELS, type ReceivedEvent } from '../support/search-stream-client.ts';
import { createFundedUser } from '../support/funded-user.ts';
import { LiveTab, type LiveMessage } from '../support/live-tab.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

/** A tab on this file's stack (or on `baseUrl`'s). */
const openTab = (options: { cookie?: string; sessionId?: string; baseUrl?: string } = {}) => LiveTab.open(options.baseUrl ?? stack.baseUrl, options);

function events(messages: LiveMessage[]): LiveMessage[] {
  return messages.filter((message) => message.type === 'event');
}

/**
 * Starts a request over the SSE endpoint and lets go of it after the first frame, which names the request: the
 * answer goes on without that browser, as it would after a tab switched to the live socket.
 */
async function startAsking(body: unknown, options: { path?: string; headers?: Record<string, string>; baseUrl?: string } = {}): Promise<string> {
  const controller = new AbortController();
  let requestId: string | undefined;
  await postSearchStream(options.baseUrl ?? stack.baseUrl, body, {
    path: options.path ?? '/api/search/stream',
    headers: options.headers ?? { cookie: stack.fundedCookie },
    signal: controller.signal,
    onEvent: (event) => {
      requestId ??= String(event.data.requestId);
      controller.abort();
    },
  }).catch((error: unknown) => {
    if (!(error instanceof Error && error.name === 'AbortError')) throw error;
  });
  if (!requestId) throw new Error('the request never started');
  return requestId;
}

/** The same request read through the SSE resume endpoint, for comparison. */
async function sseResume(requestId: string, cookie = stack.fundedCookie): Promise<ReceivedEvent[]> {
  const response = await fetch(`${stack.baseUrl}/api/requests/${requestId}/events`, { headers: { cookie } });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const parser = new ServerSentEventParser();
  const decoder = new TextDecoder();
  const received: ReceivedEvent[] = [];
  for await (const chunk of response.body!) {
    for (const parsed of parser.push(decoder.decode(chunk, { stream: true }))) {
      received.push({ event: parsed.event, id: parsed.id, data: JSON.parse(parsed.data) as Record<string, unknown>, receivedAfterMs: 0 });
    }
  }
  return received;
}

describe('GET /api/live: watching requests', () => {
  it('relays a running single search frame by frame, as the SSE endpoint does, then says request_finished', async () => {
    const tab = await openTab({ cookie: stack.fundedCookie });
    const requestId = await startAsking({ ...SEARCH_BODY, query: 'Live single [[simulate chunks=15 chunk-ms=20]]' });
    const received = await tab.subscription(requestId);

    expect(received[0]).toEqual({ type: 'subscribed', requestId });
    expect(received.at(-1)).toEqual({ type: 'request_finished', requestId });
    const frames = events(received);
    expect(frames.map((frame) => frame.event)).toEqual(['start', ...Array.from({ length: 15 }, () => 'chunk'), 'end']);
    const seqs = frames.map((frame) => frame.seq as number);
    seqs.slice(1).forEach((seq, index) => expect(seq).toBe(seqs[index]! + 1));
    const text = frames.filter((frame) => frame.event === 'chunk').map((frame) => String(frame.data!.content)).join('');
    expect(frames.at(-1)!.data).toMatchObject({ requestId, response: text, creditsUsed: 6 });

    // Exactly the frames (names, data, ids) the SSE endpoint gives for the same request.
    const sse = await sseResume(requestId);
    expect(frames.map((frame) => ({ event: frame.event, id: String(frame.seq), data: frame.data }))).toEqual(
      sse.map((event) => ({ event: event.event, id: event.id, data: event.data })),
    );
    tab.close();
  });

  it('relays a comparison: every model interleaved, all_complete without a seq, then request_finished', async () => {
    const tab = await openTab({ cookie: stack.fundedCookie });
    const requestId = await startAsking(
      { query: 'Live comparison [[simulate chunks=6 chunk-ms=20]] [[simulate for=deepseek status=401]]', models: THREE_MODELS },
      { path: '/api/compare/stream' },
    );
    const received = await tab.subscription(requestId);
    const frames = events(received);
    const names = frames.map((frame) => frame.event);
    expect(names.filter((name) => name === 'model_start')).toHaveLength(3);
    expect(names.filter((name) => name === 'model_complete')).toHaveLength(3);
    expect(names.filter((name) => name === 'model_chunk')).toHaveLength(12);
    expect(names.at(-1)).toBe('all_complete');
    expect(frames.at(-1)!.seq).toBeNull();
    const allComplete = frames.at(-1)!.data!;
    expect(allComplete).toMatchObject({ requestId, totalCreditsUsed: expect.any(Number) });
    expect(allComplete.results).toHaveLength(3);
    const stored = frames.slice(0, -1).map((frame) => frame.seq as number);
    expect(stored).toEqual([...stored].sort((a, b) => a - b));
    expect(new Set(stored).size).toBe(stored.length);
    expect(received.at(-1)).toEqual({ type: 'request_finished', requestId });
    tab.close();
  });

  it('gives two sockets on one request the same frames, each in full', async () => {
    const [first, second] = await Promise.all([openTab({ cookie: stack.fundedCookie }), openTab({ cookie: stack.fundedCookie })]);
    const requestId = await startAsking({ ...SEARCH_BODY, query: 'Watched twice [[simulate chunks=20 chunk-ms=25]]' });
    const [one, two] = await Promise.all([first.subscription(requestId), second.subscription(requestId)]);
    expect(events(one).length).toBe(22);
    expect(events(two)).toEqual(events(one));
    first.close();
    second.close();
  });

  it('resumes from afterSeq with exactly the rest: no gap, no repeat, also mid-answer', async () => {
    const tab = await openTab({ cookie: stack.fundedCookie });
    const requestId = await startAsking({ ...SEARCH_BODY, query: 'Resume me [[simulate chunks=30 chunk-ms=40]]' });
    // Watch the start of the answer, then drop the socket as a reloading page would.
    tab.subscribe(requestId);
    await tab.waitFor((message) => message.type === 'event' && message.event === 'chunk' && (message.seq as number) >= 5);
    tab.close();
    await tab.closed;
    const before = events(tab.messages);
    const lastSeq = before.at(-1)!.seq as number;
    expect(before.some((message) => message.event === 'end')).toBe(false);

    const again = await openTab({ cookie: stack.fundedCookie });
    const rest = events(await again.subscription(requestId, lastSeq));
    expect(rest[0]!.seq).toBe(lastSeq + 1);
    const whole = [...before, ...rest];
    const firstSeq = whole[0]!.seq as number;
    expect(whole.map((frame) => frame.seq)).toEqual(Array.from({ length: 32 }, (_, index) => firstSeq + index));
    expect(whole.at(-1)!.event).toBe('end');

    // And once it has ended: from the middle, exactly the tail.
    const later = await openTab({ cookie: stack.fundedCookie });
    const tail = events(await later.subscription(requestId, firstSeq + 19));
    expect(tail).toEqual(whole.slice(20));
    again.close();
    later.close();
  });

  it('stops sending a request once the tab unsubscribes', async () => {
    const tab = await openTab({ cookie: stack.fundedCookie });
    const requestId = await startAsking({ ...SEARCH_BODY, query: 'Unsubscribe midway [[simulate chunks=30 chunk-ms=40]]' });
    tab.subscribe(requestId);
    await tab.waitFor((message) => message.type === 'event' && message.event === 'chunk');
    tab.send({ type: 'unsubscribe', requestId });
    await tab.barrier();
    const count = tab.messages.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(tab.messages.slice(count).filter((message) => message.type === 'event')).toEqual([]);
    tab.close();
  });
});

describe('GET /api/live: who may watch', () => {
  it('answers NOT_FOUND, as the HTTP endpoint does, to another user, a guest, and ids that do not exist', async () => {
    const requestId = await startAsking({ ...SEARCH_BODY, query: 'Mine only [[simulate chunks=10 chunk-ms=20]]' });
    const otherCookie = await createFundedUser(stack.records(), stack.config);
    const other = await openTab({ cookie: otherCookie });
    const guest = await openTab({ sessionId: randomUUID() });
    const expected = { type: 'error', requestId, code: 'NOT_FOUND', message: 'Request not found' };

    for (const tab of [other, guest]) {
      tab.subscribe(requestId);
      expect(await tab.waitFor((message) => message.type === 'error')).toEqual(expected);
      await tab.barrier();
      expect(tab.messages.filter((message) => message.requestId === requestId)).toEqual([expected]);
    }
    const http = await fetch(`${stack.baseUrl}/api/requests/${requestId}/events`, { headers: { cookie: otherCookie } });
    expect(http.status).toBe(404);
    expect(((await http.json()) as { error: { message: string } }).error.message).toBe(expected.message);

    const missing = randomUUID();
    other.subscribe(missing);
    other.subscribe('not-a-request-id');
    expect(await other.waitFor((message) => message.requestId === missing)).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    expect(await other.waitFor((message) => message.requestId === 'not-a-request-id')).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    other.close();
    guest.close();
  });

  it("lets a guest watch their own request by the anonymous session id in the URL, and nobody else's", async () => {
    const sessionId = randomUUID();
    const requestId = await startAsking({ ...GUEST_SEARCH_BODY, query: 'Guest question [[simulate chunks=8 chunk-ms=20]]' }, { headers: { 'x-session-id': sessionId } });

    const own = await openTab({ sessionId });
    const frames = events(await own.subscription(requestId));
    expect(frames.at(-1)!.event).toBe('end');

    const strangers = [await openTab({ sessionId: randomUUID() }), await openTab({ cookie: stack.fundedCookie })];
    for (const tab of strangers) {
      tab.subscribe(requestId);
      expect(await tab.waitFor((message) => message.requestId === requestId)).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
      tab.close();
    }
    own.close();
  });

  it('refuses an upgrade whose Origin names another site', async () => {
    const upgrade = (origin: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL('/api/live', stack.baseUrl);
        const key = randomBytes(16).toString('base64');
        // A connection of its own: the refused upgrade's socket is closed after the 403.
        const outgoing = httpRequest(url, {
          agent: false,
          headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': key, origin },
        });
        outgoing.on('upgrade', (response, socket) => {
          socket.destroy();
          resolve(response.statusCode ?? 0);
        });
        outgoing.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        outgoing.on('error', reject);
        outgoing.end();
      });
    expect(await upgrade('https://evil.example')).toBe(403);
    expect(await upgrade(stack.baseUrl)).toBe(101);
  });
});

describe('GET /api/live: account events', () => {
  it("tells every tab of a user about credits and the end of a request asked elsewhere, and nobody else's tabs", async () => {
    const cookie = await createFundedUser(stack.records(), stack.config);
    const asker = await openTab({ cookie });
    const elsewhere = await openTab({ cookie });
    const stranger = await openTab({ cookie: await createFundedUser(stack.records(), stack.config) });
    const creditsRemaining = async () =>
      ((await (await fetch(`${stack.baseUrl}/api/credits`, { headers: { cookie } })).json()) as { data: { user: { creditsRemaining: number } } }).data.user
        .creditsRemaining;
    // The first look opens the account (with its sign-up grant), so the numbers below start from here.
    const start = await creditsRemaining();

    // Asked in full over HTTP (the first tab's page); the second tab watches nothing.
    const answered = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: 'Account news [[simulate chunks=5]]' }, { headers: { cookie } });
    const requestId = String(answered.events[0]!.data.requestId);
    const finished = await elsewhere.waitFor((message) => message.type === 'request_finished' && message.requestId === requestId);
    const credits = elsewhere.messages.filter((message) => message.type === 'credits_changed');
    expect(credits.length).toBeGreaterThan(0);
    expect(elsewhere.messages.indexOf(credits.at(-1)!)).toBeLessThan(elsewhere.messages.indexOf(finished));
    // The hold was captured: 6 credits for gpt-4o-mini, as GET /api/credits says.
    expect(credits.at(-1)).toEqual({ type: 'credits_changed', creditsRemaining: start - 6 });
    expect(await creditsRemaining()).toBe(start - 6);
    await asker.waitFor((message) => message.type === 'request_finished' && message.requestId === requestId);

    // A failed answer gives its hold back, and still ends the request.
    const failed = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: 'Fail please [[simulate status=500]]' }, { headers: { cookie } });
    const failedId = String(failed.events[0]!.data.requestId);
    const from = elsewhere.messages.indexOf(finished) + 1;
    await elsewhere.waitFor((message) => message.type === 'request_finished' && message.requestId === failedId, { from });
    expect(elsewhere.messages.slice(from).filter((message) => message.type === 'credits_changed').at(-1)).toEqual({
      type: 'credits_changed',
      creditsRemaining: start - 6,
    });

    await stranger.barrier();
    expect(stranger.messages.filter((message) => message.type !== 'pong')).toEqual([]);
    for (const tab of [asker, elsewhere, stranger]) tab.close();
  });

  it('says request_finished once, after the last frame, to a tab that watches the request', async () => {
    const cookie = await createFundedUser(stack.records(), stack.config);
    const watching = await openTab({ cookie });
    const idle = await openTab({ cookie });
    const requestId = await startAsking({ ...SEARCH_BODY, query: 'Once only [[simulate chunks=10 chunk-ms=20]]' }, { headers: { cookie } });
    const isFinished = (message: LiveMessage) => message.type === 'request_finished' && message.requestId === requestId;
    watching.subscribe(requestId);
    const end = await watching.waitFor((message) => message.type === 'event' && message.event === 'end');
    await watching.waitFor(isFinished, { from: watching.messages.indexOf(end) });
    // The idle tab's notice travelled on the same account channel; once it is in, the watching tab had it too.
    await idle.waitFor(isFinished);
    await watching.barrier();
    const received = watching.messages.filter((message) => message.requestId === requestId);
    expect(received.filter(isFinished)).toHaveLength(1);
    expect(received.at(-1)).toEqual({ type: 'request_finished', requestId });
    watching.close();
    idle.close();
  });
});

describe('GET /api/live: bad input', () => {
  it('answers malformed messages with VALIDATION_ERROR and stays usable', async () => {
    const tab = await openTab({ cookie: stack.fundedCookie });
    const bad = [
      'not json at all',
      '[1, 2]',
      JSON.stringify({ type: 'dance' }),
      JSON.stringify({ type: 'subscribe' }),
      JSON.stringify({ type: 'subscribe', requestId: randomUUID(), afterSeq: -1 }),
      JSON.stringify({ type: 'subscribe', requestId: randomUUID(), afterSeq: 1.5 }),
    ];
    for (const message of bad) tab.send(message);
    tab.socket.send(new Uint8Array([1, 2, 3]));
    await tab.barrier();
    const errors = tab.messages.filter((message) => message.type === 'error');
    expect(errors).toHaveLength(bad.length + 1);
    for (const error of errors) expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });

    const requestId = await startAsking({ ...SEARCH_BODY, query: 'Still fine [[simulate chunks=3]]' });
    expect(events(await tab.subscription(requestId)).at(-1)!.event).toBe('end');
    tab.close();
  });

  it('closes a socket that sends an oversized message (1009) and keeps serving others', async () => {
    const tab = await openTab({ cookie: stack.fundedCookie });
    tab.send(JSON.stringify({ type: 'ping', padding: 'x'.repeat(32 * 1024) }));
    expect((await tab.closed).code).toBe(1009);
    const next = await openTab({ cookie: stack.fundedCookie });
    await next.barrier();
    next.close();
  });
});

describe('GET /api/live: shutdown', () => {
  it('tells a watching tab the server is restarting, then closes every socket with 1001', async () => {
    const own = await startTestStack();
    let closing: Promise<void> | undefined;
    try {
      const watching = await openTab({ cookie: own.fundedCookie, baseUrl: own.baseUrl });
      const idle = await openTab({ cookie: own.fundedCookie, baseUrl: own.baseUrl });
      // Longer than the shutdown grace (2 s in tests), so the drain has to interrupt it.
      const requestId = await startAsking(
        { ...SEARCH_BODY, query: 'Long answer [[simulate chunks=80 chunk-ms=100]]' },
        { baseUrl: own.baseUrl, headers: { cookie: own.fundedCookie } },
      );
      watching.subscribe(requestId);
      await watching.waitFor((message) => message.type === 'event' && message.event === 'chunk');

      closing = own.close();
      expect((await watching.closed).code).toBe(1001);
      expect((await idle.closed).code).toBe(1001);
      const last = events(watching.messages).at(-1)!;
      expect(last).toMatchObject({ requestId, seq: null, event: 'error', data: { code: 'SERVER_RESTARTING', retryable: true } });
      expect(watching.messages.some((message) => message.type === 'request_finished')).toBe(false);
    } finally {
      await (closing ?? own.close());
    }
  });
});
