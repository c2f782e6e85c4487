import { describe, expect, it } from 'vitest';
import type { SearchRequest } from './search-contract.ts';
import {
  CONNECTION_FAILED_MESSAGE,
  type SearchFailure,
  type SearchStreamHandlers,
  STREAMING_ERROR_MESSAGE,
  streamSearch,
  TIMED_OUT_MESSAGE,
} from './search-stream.ts';

const request: SearchRequest = { query: 'Why is the sky blue?', model: 'openai', specificModel: 'gpt-4o-mini', searchEnabled: false };

type Recorded =
  | { kind: 'start'; model: string }
  | { kind: 'chunk'; content: string }
  | { kind: 'end'; response: string; creditsUsed: number }
  | { kind: 'error'; failure: SearchFailure };

function recorder(): { calls: Recorded[]; handlers: SearchStreamHandlers } {
  const calls: Recorded[] = [];
  return {
    calls,
    handlers: {
      onStart: (event) => calls.push({ kind: 'start', model: event.model }),
      onChunk: (event) => calls.push({ kind: 'chunk', content: event.content }),
      onEnd: (event) => calls.push({ kind: 'end', response: event.response, creditsUsed: event.creditsUsed }),
      onError: (failure) => calls.push({ kind: 'error', failure }),
    },
  };
}

const ids = { requestId: 'request-1', runId: 'run-1' };

function sse(event: string, data: unknown, id: number): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A byte stream delivering `chunks` one by one, as the network would. */
function eventStreamResponse(chunks: readonly (string | Uint8Array)[], { close = true } = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      if (close) controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

function respondWith(response: Response): typeof fetch {
  return async () => response;
}

describe('streamSearch', () => {
  it('posts the request as JSON and asks for an event stream', async () => {
    let seen: { url: string; init: RequestInit | undefined } | undefined;
    const fakeFetch: typeof fetch = async (url, init) => {
      seen = { url: String(url), init };
      return eventStreamResponse([sse('end', { ...ids, response: '', creditsUsed: 0, finishReason: 'stop', durationMs: 1 }, 1)]);
    };
    await streamSearch(request, recorder().handlers, undefined, { fetch: fakeFetch });

    expect(seen?.url).toBe('/api/search/stream');
    expect(seen?.init?.method).toBe('POST');
    expect(seen?.init?.headers).toEqual({ 'content-type': 'application/json', accept: 'text/event-stream' });
    expect(JSON.parse(String(seen?.init?.body))).toEqual(request);
  });

  it('reports start, chunks and end in order, even when events and characters are split across chunks', async () => {
    const stream =
      ': connected\n\n' +
      sse('start', { ...ids, engine: 'openai', model: 'gpt-4o-mini' }, 1) +
      sse('chunk', { ...ids, content: 'Rayleigh ' }, 2) +
      ':\n\n' +
      sse('chunk', { ...ids, content: 'scattering — ☀️' }, 3) +
      sse('end', { ...ids, response: 'Rayleigh scattering — ☀️.', creditsUsed: 2, finishReason: 'stop', durationMs: 900 }, 4);
    const bytes = new TextEncoder().encode(stream);
    // Seven-byte pieces cut through lines, CR/LF pairs and the multi-byte characters alike.
    const pieces: Uint8Array[] = [];
    for (let offset = 0; offset < bytes.length; offset += 7) pieces.push(bytes.slice(offset, offset + 7));

    const { calls, handlers } = recorder();
    await streamSearch(request, handlers, undefined, { fetch: respondWith(eventStreamResponse(pieces)) });

    expect(calls).toEqual([
      { kind: 'start', model: 'gpt-4o-mini' },
      { kind: 'chunk', content: 'Rayleigh ' },
      { kind: 'chunk', content: 'scattering — ☀️' },
      { kind: 'end', response: 'Rayleigh scattering — ☀️.', creditsUsed: 2 },
    ]);
  });

  it('passes on an error event with its message and retryability', async () => {
    const { calls, handlers } = recorder();
    const stream = sse('start', { ...ids, engine: 'openai', model: 'o1' }, 1) +
      sse('error', { ...ids, message: 'The model is overloaded', code: 'provider_unavailable', retryable: true }, 2);
    await streamSearch(request, handlers, undefined, { fetch: respondWith(eventStreamResponse([stream])) });

    expect(calls).toEqual([
      { kind: 'start', model: 'o1' },
      { kind: 'error', failure: { message: 'The model is overloaded', code: 'provider_unavailable', retryable: true } },
    ]);
  });

  it('reports "Streaming error" when the stream closes before an end or error event', async () => {
    const { calls, handlers } = recorder();
    const stream = sse('chunk', { ...ids, content: 'half an ans' }, 1);
    await streamSearch(request, handlers, undefined, { fetch: respondWith(eventStreamResponse([stream])) });

    expect(calls).toEqual([
      { kind: 'chunk', content: 'half an ans' },
      { kind: 'error', failure: { message: STREAMING_ERROR_MESSAGE, code: 'stream_interrupted', retryable: true } },
    ]);
  });

  it('reports a known event with malformed data as a non-retryable streaming error', async () => {
    const { calls, handlers } = recorder();
    const stream = 'event: chunk\ndata: {not json\n\n';
    await streamSearch(request, handlers, undefined, { fetch: respondWith(eventStreamResponse([stream])) });

    expect(calls).toEqual([
      { kind: 'error', failure: { message: STREAMING_ERROR_MESSAGE, code: 'invalid_event', retryable: false } },
    ]);
  });

  it('surfaces the message of a JSON error envelope', async () => {
    const { calls, handlers } = recorder();
    const envelope = { success: false, data: null, error: { message: 'Query is too long', code: 'validation_error' } };
    await streamSearch(request, handlers, undefined, { fetch: respondWith(Response.json(envelope, { status: 400 })) });

    expect(calls).toEqual([
      { kind: 'error', failure: { message: 'Query is too long', code: 'validation_error', retryable: false } },
    ]);
  });

  it('uses the spec texts for 5xx, 429 and 401 refusals, and "Search failed" for a bare 4xx', async () => {
    const cases: [Response, { message: string; code: string; retryable: boolean }][] = [
      [new Response('<html>Bad gateway</html>', { status: 502 }), { message: 'Server error. Please try again later.', code: 'SERVER_ERROR', retryable: true }],
      [new Response('', { status: 429 }), { message: 'Rate limit exceeded. Please try again later.', code: 'RATE_LIMIT_ERROR', retryable: true }],
      [new Response('', { status: 401 }), { message: 'Session expired. Please refresh the page.', code: 'UNAUTHORIZED', retryable: false }],
      [new Response('<html>teapot</html>', { status: 418 }), { message: 'Search failed', code: 'HTTP_418', retryable: false }],
    ];
    for (const [response, failure] of cases) {
      const { calls, handlers } = recorder();
      await streamSearch(request, handlers, undefined, { fetch: respondWith(response) });
      expect(calls).toEqual([{ kind: 'error', failure }]);
    }
  });

  it('reports a connection failure when fetch itself fails', async () => {
    const { calls, handlers } = recorder();
    const failingFetch: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await streamSearch(request, handlers, undefined, { fetch: failingFetch });

    expect(calls).toEqual([
      { kind: 'error', failure: { message: CONNECTION_FAILED_MESSAGE, code: 'network_error', retryable: true } },
    ]);
  });

  it('times out when the response headers do not arrive in time', async () => {
    const { calls, handlers } = recorder();
    await streamSearch(request, handlers, undefined, { fetch: hangingFetch, responseHeadersTimeoutMs: 20 });

    expect(calls).toEqual([{ kind: 'error', failure: { message: TIMED_OUT_MESSAGE, code: 'timeout', retryable: true } }]);
  });

  it('does not time out a stream that opened in time, however long it runs', async () => {
    const { calls, handlers } = recorder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        await new Promise((resolve) => setTimeout(resolve, 60));
        const end = sse('end', { ...ids, response: 'late', creditsUsed: 0, finishReason: 'stop', durationMs: 60 }, 1);
        controller.enqueue(new TextEncoder().encode(end));
        controller.close();
      },
    });
    const response = new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    await streamSearch(request, handlers, undefined, { fetch: respondWith(response), responseHeadersTimeoutMs: 20 });

    expect(calls).toEqual([{ kind: 'end', response: 'late', creditsUsed: 0 }]);
  });

  it('stops quietly when the caller aborts, before or during the stream', async () => {
    const beforeHeaders = recorder();
    const early = new AbortController();
    const pending = streamSearch(request, beforeHeaders.handlers, early.signal, { fetch: hangingFetch });
    early.abort();
    await pending;
    expect(beforeHeaders.calls).toEqual([]);

    const duringStream = recorder();
    const late = new AbortController();
    const stream =
      sse('chunk', { ...ids, content: 'one' }, 1) +
      sse('chunk', { ...ids, content: 'two' }, 2);
    const handlers: SearchStreamHandlers = {
      ...duringStream.handlers,
      onChunk: (event) => {
        duringStream.handlers.onChunk(event);
        late.abort();
      },
    };
    await streamSearch(request, handlers, late.signal, {
      fetch: respondWith(eventStreamResponse([stream], { close: false })),
    });
    expect(duringStream.calls).toEqual([{ kind: 'chunk', content: 'one' }]);
  });
});

/** A fetch that never answers, but rejects like the real one when its signal aborts. */
const hangingFetch: typeof fetch = (_url, init) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });
