import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/config.ts';
import { buildServer } from '../../server/build-server.ts';
import { SEARCH_BODY, type ReceivedEvent, type SearchStreamResult } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * Load shedding, on the real mechanism: the server runs in this process, so a busy loop here is a busy event loop
 * there. With a small threshold (100 ms of mean delay) the server refuses new requests while the loop lags, and serves
 * them again once it does not; health checks, and streams that were already open, carry on throughout.
 */
describe('load shedding', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ environment: { LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '100' } });
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** Keeps this process's event loop busy nearly all the time (250 ms blocks, a few ms apart) until stopped. */
  function overload(): () => void {
    const timer = setInterval(() => {
      const until = performance.now() + 250;
      while (performance.now() < until) {
        // Busy on purpose: this is the overload.
      }
    }, 5);
    return () => clearInterval(timer);
  }

  /** Calls until one answer has the wanted status; fails after many tries rather than waiting for a time. */
  async function firstAnswerWith(status: number, path = '/api/models'): Promise<Response> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const response = await fetch(`${stack.baseUrl}${path}`, { headers: { cookie: stack.fundedCookie } });
      if (response.status === status) return response;
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no ${status} from ${path} in 200 tries`);
  }

  /**
   * Opens a stream that outlives the overload and resolves once its first chunk arrives. With so low a threshold a
   * busy machine's own lag can shed this request before the test's overload begins, so a 503 is asked again; any
   * other ending before the first chunk fails with what the server said, rather than waiting for ever.
   */
  async function openLongStream(): Promise<{ events: ReceivedEvent[]; streaming: Promise<SearchStreamResult> }> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const events: ReceivedEvent[] = [];
      let streamStarted!: () => void;
      const started = new Promise<'started'>((resolve) => (streamStarted = () => resolve('started')));
      const streaming = stack.ask(
        { ...SEARCH_BODY, query: 'Long enough to outlive the overload [[simulate chunks=100 chunk-ms=40]]' },
        {
          onEvent: (event) => {
            events.push(event);
            if (event.event === 'chunk') streamStarted();
          },
        },
      );
      const first = await Promise.race([started, streaming]);
      if (first === 'started') return { events, streaming };
      if (first.status !== 503) throw new Error(`the stream ended before its first chunk: ${first.status} ${JSON.stringify(first.envelope ?? first.events)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the stream was shed 50 times before any overload');
  }

  type LiveMessage = { type: string; requestId?: string; code?: string };

  /**
   * A live socket, and a way to wait for its first message (from now on) that matches. Opening is shed like any
   * request while the machine lags, so it is tried again; a socket that closes fails the waits instead of hanging them.
   */
  async function openLiveSocket(): Promise<{ socket: WebSocket; answer: (matches: (message: LiveMessage) => boolean) => Promise<LiveMessage> }> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const socket = new WebSocket(new URL('/api/live', stack.baseUrl.replace(/^http/, 'ws')), { headers: { cookie: stack.fundedCookie } } as unknown as string[]);
      const opened = await new Promise<boolean>((resolve) => {
        socket.addEventListener('open', () => resolve(true), { once: true });
        socket.addEventListener('error', () => resolve(false), { once: true });
      });
      if (opened) return listenTo(socket);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the live socket did not open in 50 tries');
  }

  function listenTo(socket: WebSocket): { socket: WebSocket; answer: (matches: (message: LiveMessage) => boolean) => Promise<LiveMessage> } {
    const waits = new Set<{ matches: (message: LiveMessage) => boolean; resolve: (message: LiveMessage) => void; reject: (error: Error) => void }>();
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as LiveMessage;
      for (const wait of waits) {
        if (!wait.matches(message)) continue;
        waits.delete(wait);
        wait.resolve(message);
      }
    });
    socket.addEventListener('close', (event) => {
      for (const wait of waits) wait.reject(new Error(`the live socket closed (${event.code}) before the awaited message`));
      waits.clear();
    });
    const answer = (matches: (message: LiveMessage) => boolean) =>
      new Promise<LiveMessage>((resolve, reject) => {
        waits.add({ matches, resolve, reject });
      });
    return { socket, answer };
  }

  // Its own overload competes with every other test file for the CPU in a full run, so it may take longer than most.
  it('refuses new requests with a 503 envelope and Retry-After while overloaded, spares health and open streams, and recovers', { timeout: 90_000 }, async () => {
    expect((await firstAnswerWith(200)).status).toBe(200);

    // A stream and a live socket opened before the overload.
    const { events, streaming } = await openLongStream();
    const live = await openLiveSocket();
    const pong = live.answer((message) => message.type === 'pong');
    live.socket.send(JSON.stringify({ type: 'ping' }));
    await pong;

    const stop = overload();
    try {
      const shed = await firstAnswerWith(503);
      expect(await shed.json()).toEqual({
        success: false,
        data: null,
        error: { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable. Please try again later.' },
      });
      expect(shed.headers.get('retry-after')).toBe('5');
      expect(shed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(shed.headers.get('x-content-type-options')).toBe('nosniff');
      expect(shed.headers.get('content-security-policy')).toContain("default-src 'self'");

      // Still overloaded: the refusals go on, yet the health check is answered and the open socket is served.
      expect((await firstAnswerWith(503, '/api/credits')).status).toBe(503);
      const health = await fetch(`${stack.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      const unknownRequest = '00000000-0000-4000-8000-000000000000';
      const answered = live.answer((message) => message.requestId === unknownRequest);
      live.socket.send(JSON.stringify({ type: 'subscribe', requestId: unknownRequest }));
      expect(await answered).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    } finally {
      stop();
    }

    // Pressure gone: new requests are served again, and the stream opened before the overload ended normally.
    expect((await firstAnswerWith(200)).status).toBe(200);
    await streaming;
    expect(events.at(-1)?.event).toBe('end');
    expect(events.filter((event) => event.event === 'chunk').length).toBe(100);
    live.socket.close();
  });

  it('can be turned off: with both thresholds 0 the server never measures or refuses', async () => {
    const config = loadConfig({ ...stack.environment, LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0', LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION_PERCENT: '0' });
    const unguarded = await buildServer(config);
    try {
      expect(unguarded.hasDecorator('isUnderPressure')).toBe(false);
      expect(stack.app.hasDecorator('isUnderPressure')).toBe(true);
    } finally {
      await unguarded.close();
    }
  });
});
