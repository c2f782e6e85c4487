import { describe, expect, it } from 'vitest';
import type { CompareRequest } from './compare-contract.ts';
import { COMPARISON_ERROR_MESSAGE, COMPARISON_FAILED_MESSAGE, streamCompare, type CompareProgressEvent } from './compare-stream.ts';
import { CONNECTION_FAILED_MESSAGE, STREAMING_ERROR_MESSAGE, TIMED_OUT_MESSAGE, type StreamFailure } from './event-stream-exchange.ts';
import { HTTP_ERROR_TEXTS } from './http-client.ts';

const request: CompareRequest = {
  query: 'Which language first?',
  models: [
    { engine: 'openai', model: 'gpt-4o-mini' },
    { engine: 'groq', model: 'llama-3.1-8b-instant' },
  ],
  searchEnabled: false,
  brandMonitoringEnabled: false,
};

type Recorded = { kind: 'event'; type: string; seq: number | null; detail?: unknown } | { kind: 'error'; failure: StreamFailure };

function recorder() {
  const calls: Recorded[] = [];
  const detailOf = (event: CompareProgressEvent): unknown => {
    switch (event.type) {
      case 'model_chunk':
        return event.content;
      case 'model_complete':
        return event.result;
      case 'all_complete':
        return event.totalCreditsUsed;
      default:
        return `${event.engine}/${event.model}`;
    }
  };
  return {
    calls,
    handlers: {
      onEvent: (event: CompareProgressEvent, seq: number | null) => calls.push({ kind: 'event', type: event.type, seq, detail: detailOf(event) }),
      onError: (failure: StreamFailure) => calls.push({ kind: 'error', failure }),
    },
  };
}

const gpt = { requestId: 'request-1', runId: 'run-gpt', engine: 'openai', model: 'gpt-4o-mini' };
const llama = { requestId: 'request-1', runId: 'run-llama', engine: 'groq', model: 'llama-3.1-8b-instant' };

function sse(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function eventStreamResponse(chunks: readonly (string | Uint8Array)[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

const respondWith = (response: Response): typeof fetch => async () => response;

const gptSuccess = { ...gpt, success: true, response: 'Python.', error: null, creditsUsed: 6, timeToFirstTokenMs: 400, durationMs: 2100, sources: [] };
const llamaFailure = { ...llama, success: false, response: null, error: 'The model rejected the request', errorCode: 'PROVIDER_REJECTED', retryable: false, creditsUsed: 0 };

describe('streamCompare', () => {
  it('posts the compare request as JSON and asks for an event stream', async () => {
    let seen: { url: string; init: RequestInit | undefined } | undefined;
    const fakeFetch: typeof fetch = async (url, init) => {
      seen = { url: String(url), init };
      return eventStreamResponse([sse('all_complete', { requestId: 'request-1', totalCreditsUsed: 0, results: [] })]);
    };
    await streamCompare(request, recorder().handlers, undefined, { fetch: fakeFetch });

    expect(seen?.url).toBe('/api/compare/stream');
    expect(seen?.init?.method).toBe('POST');
    expect(seen?.init?.headers).toEqual({ 'content-type': 'application/json', accept: 'text/event-stream' });
    expect(JSON.parse(String(seen?.init?.body))).toEqual(request);
  });

  it('reports every model’s events interleaved, each with its seq, then all_complete without one', async () => {
    const stream =
      ': connected\n\n' +
      sse('model_start', gpt, 1) +
      sse('model_start', llama, 2) +
      sse('model_chunk', { ...gpt, content: 'Py' }, 3) +
      sse('model_complete', { ...llama, result: llamaFailure }, 4) +
      sse('model_chunk', { ...gpt, content: 'thon — 🐍' }, 5) +
      sse('model_sources', { ...gpt, sources: [{ url: 'https://example.com', title: 'Example' }] }, 6) +
      sse('model_complete', { ...gpt, result: gptSuccess }, 7) +
      sse('all_complete', { requestId: 'request-1', totalCreditsUsed: 6, results: [gptSuccess, llamaFailure] });
    // Five-byte pieces cut through lines and the multi-byte characters alike.
    const bytes = new TextEncoder().encode(stream);
    const pieces: Uint8Array[] = [];
    for (let offset = 0; offset < bytes.length; offset += 5) pieces.push(bytes.slice(offset, offset + 5));

    const { calls, handlers } = recorder();
    await streamCompare(request, handlers, undefined, { fetch: respondWith(eventStreamResponse(pieces)) });

    expect(calls.map((call) => (call.kind === 'event' ? [call.type, call.seq] : ['error', null]))).toEqual([
      ['model_start', 1],
      ['model_start', 2],
      ['model_chunk', 3],
      ['model_complete', 4],
      ['model_chunk', 5],
      ['model_sources', 6],
      ['model_complete', 7],
      ['all_complete', null],
    ]);
    expect(calls[4]).toMatchObject({ detail: 'thon — 🐍' });
    expect(calls[3]).toMatchObject({
      detail: { engine: 'groq', success: false, error: 'The model rejected the request', errorCode: 'PROVIDER_REJECTED', retryable: false, creditsUsed: 0 },
    });
    expect(calls[6]).toMatchObject({ detail: { success: true, response: 'Python.', creditsUsed: 6, timeToFirstTokenMs: 400, durationMs: 2100 } });
    expect(calls[7]).toMatchObject({ detail: 6 });
  });

  it('passes on an error event, with "An error occurred during comparison" when it has no message', async () => {
    const worded = recorder();
    const restarting = { requestId: 'request-1', message: 'The server is restarting.', code: 'SERVER_RESTARTING', retryable: true };
    await streamCompare(request, worded.handlers, undefined, {
      fetch: respondWith(eventStreamResponse([sse('model_start', gpt, 1), sse('error', restarting)])),
    });
    expect(worded.calls.at(-1)).toEqual({ kind: 'error', failure: { message: 'The server is restarting.', code: 'SERVER_RESTARTING', retryable: true } });

    const silent = recorder();
    await streamCompare(request, silent.handlers, undefined, {
      fetch: respondWith(eventStreamResponse([sse('error', { message: '', code: 'SERVICE_UNAVAILABLE', retryable: true })])),
    });
    expect(silent.calls).toEqual([{ kind: 'error', failure: { message: COMPARISON_ERROR_MESSAGE, code: 'SERVICE_UNAVAILABLE', retryable: true } }]);
  });

  it('reports "Streaming error" when the stream closes before all_complete', async () => {
    const { calls, handlers } = recorder();
    await streamCompare(request, handlers, undefined, {
      fetch: respondWith(eventStreamResponse([sse('model_start', gpt, 1), sse('model_chunk', { ...gpt, content: 'half' }, 2)])),
    });
    expect(calls.at(-1)).toEqual({ kind: 'error', failure: { message: STREAMING_ERROR_MESSAGE, code: 'stream_interrupted', retryable: true } });
    expect(calls).toHaveLength(3);
  });

  it('reports a known event with malformed data as a non-retryable streaming error', async () => {
    const { calls, handlers } = recorder();
    await streamCompare(request, handlers, undefined, {
      fetch: respondWith(eventStreamResponse([sse('model_complete', { ...gpt, result: { success: 'yes' } }, 1), sse('model_start', llama, 2)])),
    });
    expect(calls).toEqual([{ kind: 'error', failure: { message: STREAMING_ERROR_MESSAGE, code: 'invalid_event', retryable: false } }]);
  });

  it('skips events it does not know', async () => {
    const { calls, handlers } = recorder();
    await streamCompare(request, handlers, undefined, {
      fetch: respondWith(eventStreamResponse([sse('brand_analysis', { anything: 1 }, 1), sse('all_complete', { requestId: 'r', totalCreditsUsed: 0, results: [] })])),
    });
    expect(calls).toEqual([{ kind: 'event', type: 'all_complete', seq: null, detail: 0 }]);
  });

  it('shows the server’s refusal in the spec’s words', async () => {
    const refusal = async (status: number, body: unknown): Promise<StreamFailure> => {
      const { calls, handlers } = recorder();
      const response = typeof body === 'string' ? new Response(body, { status, headers: { 'content-type': 'text/html' } }) : Response.json(body, { status });
      await streamCompare(request, handlers, undefined, { fetch: respondWith(response) });
      expect(calls).toHaveLength(1);
      return (calls[0] as { failure: StreamFailure }).failure;
    };
    const envelope = (message: string, code: string) => ({ success: false, data: null, error: { message, code } });

    expect(await refusal(403, envelope('Register for free to unlock this feature.', 'FORBIDDEN'))).toEqual({
      message: 'Register for free to unlock this feature.',
      code: 'FORBIDDEN',
      retryable: false,
    });
    expect(await refusal(402, envelope('Insufficient credits. Please add more credits to continue.', 'INSUFFICIENT_CREDITS'))).toMatchObject({
      message: 'Insufficient credits. Please add more credits to continue.',
    });
    expect(await refusal(400, '<html>Bad request</html>')).toEqual({ message: COMPARISON_FAILED_MESSAGE, code: 'HTTP_400', retryable: false });
    expect(await refusal(502, '<html>Bad gateway</html>')).toEqual({ message: HTTP_ERROR_TEXTS.serverError, code: 'SERVER_ERROR', retryable: true });
    expect(await refusal(429, envelope('Slow down', 'RATE_LIMIT_ERROR'))).toEqual({
      message: HTTP_ERROR_TEXTS.rateLimited,
      code: 'RATE_LIMIT_ERROR',
      retryable: true,
    });
  });

  it('reports a connection failure, and a timeout when the headers do not arrive in time', async () => {
    const offline = recorder();
    await streamCompare(request, offline.handlers, undefined, {
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(offline.calls).toEqual([{ kind: 'error', failure: { message: CONNECTION_FAILED_MESSAGE, code: 'network_error', retryable: true } }]);

    const slow = recorder();
    await streamCompare(request, slow.handlers, undefined, { fetch: hangingFetch, responseHeadersTimeoutMs: 20 });
    expect(slow.calls).toEqual([{ kind: 'error', failure: { message: TIMED_OUT_MESSAGE, code: 'timeout', retryable: true } }]);
  });

  it('stops quietly when the caller aborts', async () => {
    const { calls, handlers } = recorder();
    const controller = new AbortController();
    const pending = streamCompare(request, handlers, controller.signal, { fetch: hangingFetch });
    controller.abort();
    await pending;
    expect(calls).toEqual([]);
  });
});

/** A fetch that never answers, but rejects like the real one when its signal aborts. */
const hangingFetch: typeof fetch = (_url, init) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });
