import { describe, expect, it } from 'vitest';
import { generateDeterministicAnswer } from '../../simulator/deterministic-answer.ts';
import type { AnswerPart } from '../../worker/providers/answer-provider.ts';
import { AnthropicProvider } from '../../worker/providers/anthropic/anthropic-provider.ts';
import { collectAnswer, testConnection, useProviderSimulator, withStubServer, type ConnectionOverrides } from '../support/provider-harness.ts';

const model = 'claude-3-5-haiku-20241022';

const simulator = useProviderSimulator();

function adapter(overrides: ConnectionOverrides = {}): AnthropicProvider {
  return new AnthropicProvider(testConnection('anthropic', simulator.baseUrls.anthropic, overrides));
}

function collect(
  prompt: string,
  options: { provider?: AnthropicProvider; signal?: AbortSignal; webSearch?: boolean; onPart?: (part: AnswerPart) => void } = {},
) {
  return collectAnswer(options.provider ?? adapter(), { model, prompt, webSearch: options.webSearch, signal: options.signal }, options.onPart);
}

const { requestsFor } = simulator;

describe('AnthropicProvider against the simulator', () => {
  it('streams the deterministic answer as text parts, then usage and the stop reason', async () => {
    const { parts, texts, error } = await collect('What is a cache? [[simulate chunks=12]]');
    expect(error).toBeUndefined();
    const expected = generateDeterministicAnswer({ prompt: 'What is a cache?', model, pieceCount: 12 });
    expect(texts).toEqual(expected.pieces);
    expect(texts.join('')).toBe(expected.text);
    // Input tokens come from message_start (six words as sent, directive included), output tokens from message_delta.
    expect(parts.slice(-2)).toEqual([
      { type: 'usage', inputTokens: 6, outputTokens: 12, cachedTokens: 0, reasoningTokens: null },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(parts.every((part) => part.type !== 'sources')).toBe(true);
  });

  it('sends one streamed Messages request with a key, a model and max_tokens, and no retries of its own', async () => {
    const prompt = 'Which request reaches Anthropic? [[simulate chunks=3]]';
    await collect(prompt);
    expect(requestsFor(prompt)).toEqual([
      expect.objectContaining({ path: '/anthropic/v1/messages', model, stream: true, hasAuthorization: true }),
    ]);
  });

  it('answers the default 40 pieces when the prompt scripts nothing, and ignores webSearch', async () => {
    const { parts, text, error } = await collect('Tell me about queues', { webSearch: true });
    expect(error).toBeUndefined();
    expect(text).toBe(generateDeterministicAnswer({ prompt: 'Tell me about queues', model, pieceCount: 40 }).text);
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('reports an answer cut off at its max_tokens ceiling (4096) as length, with the text up to there', async () => {
    const prompt = 'Go on and on [[simulate chunks=4100 chunk-ms=0]]';
    const { parts, texts, error } = await collect(prompt);
    expect(error).toBeUndefined();
    expect(texts).toHaveLength(4096);
    expect(texts).toEqual(generateDeterministicAnswer({ prompt: 'Go on and on', model, pieceCount: 4100 }).pieces.slice(0, 4096));
    expect(parts.slice(-2)).toEqual([
      { type: 'usage', inputTokens: 7, outputTokens: 4096, cachedTokens: 0, reasoningTokens: null },
      { type: 'finish', reason: 'length' },
    ]);
  });

  it('turns status=429 into a retryable RATE_LIMIT_ERROR with the retry-after hint', async () => {
    const { parts, error } = await collect('Busy? [[simulate status=429]]');
    expect(parts).toEqual([]);
    expect(error).toMatchObject({ code: 'RATE_LIMIT_ERROR', retryable: true, status: 429, retryAfterMs: 1000 });
  });

  it('turns status=500 and status=503 (overloaded) into retryable PROVIDER_ERRORs', async () => {
    expect((await collect('Broken? [[simulate status=500]]')).error).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true, status: 500 });
    expect((await collect('Overloaded? [[simulate status=503]]')).error).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true, status: 503 });
  });

  it('turns a 529 overloaded_error into a retryable PROVIDER_ERROR', async () => {
    await withStubServer(
      (request, response) => {
        request.resume();
        response.writeHead(529, { 'content-type': 'application/json', 'request-id': 'req_011CTest' });
        response.end(JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }));
      },
      async (baseUrl) => {
        const { error } = await collect('Anyone there?', { provider: adapter({ baseUrl }) });
        expect(error).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true, status: 529 });
      },
    );
  });

  it('turns status=401 and a missing key into a PROVIDER_AUTH_ERROR that is not retried', async () => {
    expect((await collect('Who am I? [[simulate status=401]]')).error).toMatchObject({
      code: 'PROVIDER_AUTH_ERROR',
      retryable: false,
      status: 401,
    });
    const prompt = 'No key at all [[simulate chunks=3]]';
    expect((await collect(prompt, { provider: adapter({ apiKey: '' }) })).error).toMatchObject({
      code: 'PROVIDER_AUTH_ERROR',
      retryable: false,
      status: 401,
    });
    expect(requestsFor(prompt)).toEqual([expect.objectContaining({ hasAuthorization: false })]);
  });

  it('turns status=400 into a PROVIDER_REJECTED that is not retried', async () => {
    expect((await collect('Odd request [[simulate status=400]]')).error).toMatchObject({ code: 'PROVIDER_REJECTED', retryable: false });
  });

  it('fails only as often as fail-times says, one request per call', async () => {
    const prompt = 'Flaky [[simulate status=500 fail-times=1 chunks=4]]';
    expect((await collect(prompt)).error?.code).toBe('PROVIDER_ERROR');
    expect(requestsFor(prompt)).toHaveLength(1);
    const second = await collect(prompt);
    expect(second.error).toBeUndefined();
    expect(second.text).toBe(generateDeterministicAnswer({ prompt: 'Flaky', model, pieceCount: 4 }).text);
  });

  it('yields exactly 3 text parts then STREAM_INTERRUPTED for cut-after=3, with no usage or finish', async () => {
    const { parts, texts, error } = await collect('Cut me off [[simulate cut-after=3 chunks=10]]');
    // message_start names the model before any text.
    expect(parts.map((part) => part.type)).toEqual(['model-version', 'text', 'text', 'text']);
    expect(texts).toEqual(generateDeterministicAnswer({ prompt: 'Cut me off', model, pieceCount: 10 }).pieces.slice(0, 3));
    expect(error).toMatchObject({ code: 'STREAM_INTERRUPTED', retryable: true });
  });

  it('treats a stream that loses its closing events after the last text as interrupted', async () => {
    const { parts, texts, error } = await collect('Almost done [[simulate cut-after=4 chunks=4]]');
    expect(texts).toHaveLength(4);
    expect(parts.some((part) => part.type === 'finish')).toBe(false);
    expect(error?.code).toBe('STREAM_INTERRUPTED');
  });

  it('treats a body that ends cleanly but without message_stop as interrupted', async () => {
    await withStubServer(
      (request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
        const message = { id: 'msg_01Test', type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 3, output_tokens: 1 } };
        response.end(
          `event: message_start\ndata: ${JSON.stringify({ type: 'message_start', message })}\n\n` +
            `event: content_block_delta\ndata: ${JSON.stringify({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Half ' } })}\n\n`,
        );
      },
      async (baseUrl) => {
        const { parts, error } = await collect('Half an answer', { provider: adapter({ baseUrl }) });
        expect(parts.filter((part) => part.type !== 'model-version')).toEqual([{ type: 'text', text: 'Half ' }]);
        expect(error).toMatchObject({ code: 'STREAM_INTERRUPTED', retryable: true });
      },
    );
  });

  it('classifies an error event inside a 200 stream by its type (status with cut-after)', async () => {
    const overloaded = await collect('Overloaded midway [[simulate status=503 cut-after=2 chunks=10]]');
    expect(overloaded.texts).toHaveLength(2);
    expect(overloaded.error).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true, status: undefined });

    const limited = await collect('Limited midway [[simulate status=429 cut-after=1]]');
    expect(limited.texts).toHaveLength(1);
    expect(limited.error).toMatchObject({ code: 'RATE_LIMIT_ERROR', retryable: true });

    const refused = await collect('Refused at once [[simulate status=401 cut-after=0]]');
    // message_start (which names the model) came before the error; nothing of an answer did.
    expect(refused.parts.filter((part) => part.type !== 'model-version')).toEqual([]);
    expect(refused.error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false });
  });

  it('waits for first-token-ms before the first text', async () => {
    const { firstTextAfterMs, error } = await collect('Slow start [[simulate first-token-ms=300 chunks=3]]');
    expect(error).toBeUndefined();
    expect(firstTextAfterMs!).toBeGreaterThanOrEqual(300);
  });

  it('stops promptly when the signal aborts mid-stream', async () => {
    const prompt = 'Stop me [[simulate chunk-ms=2000 chunks=20]]';
    const controller = new AbortController();
    let abortedAt = 0;
    const { texts, error } = await collect(prompt, {
      signal: controller.signal,
      onPart: () => {
        abortedAt = performance.now();
        controller.abort();
      },
    });
    // The next piece was 2 s away: ending well before it means the HTTP stream was torn down, not drained.
    expect(performance.now() - abortedAt).toBeLessThan(500);
    expect(texts).toHaveLength(1);
    expect(error).toMatchObject({ code: 'TIMEOUT_ERROR' });
  });

  it('gives up with TIMEOUT_ERROR when no response headers arrive within requestTimeoutMs', async () => {
    await withStubServer(
      (request) => request.resume(),
      async (baseUrl) => {
        const startedAt = performance.now();
        const { error } = await collect('Hello?', { provider: adapter({ baseUrl, requestTimeoutMs: 200 }) });
        expect(error).toMatchObject({ code: 'TIMEOUT_ERROR', retryable: true });
        expect(performance.now() - startedAt).toBeLessThan(2000);
      },
    );
  });
});

/** Splits an event-stream body into `[event, data]` pairs, failing loudly on anything else. */
function serverSentEvents(body: string): Array<[string, Record<string, unknown>]> {
  expect(body.endsWith('\n\n')).toBe(true);
  return body
    .slice(0, -2)
    .split('\n\n')
    .map((block) => {
      const match = /^event: ([a-z_]+)\ndata: (.+)$/.exec(block);
      if (!match) throw new Error(`unexpected event block: ${JSON.stringify(block)}`);
      return [match[1]!, JSON.parse(match[2]!) as Record<string, unknown>];
    });
}

function postMessages(body: unknown, headers: Record<string, string | null> = {}): Promise<Response> {
  const sent: Record<string, string> = {};
  const merged = { 'content-type': 'application/json', 'x-api-key': 'test-key', 'anthropic-version': '2023-06-01', ...headers };
  for (const [name, value] of Object.entries(merged)) if (value !== null) sent[name] = value;
  return fetch(`${simulator.url}/anthropic/v1/messages`, {
    method: 'POST',
    headers: sent,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function expectAnthropicError(response: Response, status: number, type: string): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json');
  const requestId = response.headers.get('request-id');
  expect(requestId).toMatch(/^req_011C[0-9A-Za-z]{20}$/);
  const body = (await response.json()) as { type: string; error: { type: string; message: string }; request_id: string };
  expect(Object.keys(body)).toEqual(['type', 'error', 'request_id']);
  expect(body.type).toBe('error');
  expect(Object.keys(body.error)).toEqual(['type', 'message']);
  expect(body.error.type).toBe(type);
  expect(body.request_id).toBe(requestId);
  return body.error.message;
}

const wireRequest = (content: string, extra: Record<string, unknown> = {}) => ({
  model,
  max_tokens: 1024,
  stream: true,
  messages: [{ role: 'user', content }],
  ...extra,
});

describe('Anthropic wire format over raw HTTP', () => {
  it('streams named server-sent events in the order and shape the real API uses', async () => {
    const response = await postMessages(wireRequest('Wire check [[simulate chunks=5]]'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('request-id')).toMatch(/^req_011C[0-9A-Za-z]{20}$/);
    expect(response.headers.get('anthropic-organization-id')).toMatch(/^[0-9a-f-]{36}$/);

    const events = serverSentEvents(await response.text());
    expect(events.map(([name]) => name)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      ...Array<string>(5).fill('content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    // Each payload repeats its event's name as `type`.
    for (const [name, data] of events) expect(data['type']).toBe(name);

    const [, start] = events[0]!;
    const message = start['message'] as Record<string, unknown>;
    expect(message).toEqual({
      id: expect.stringMatching(/^msg_01[0-9A-Za-z]{22}$/),
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 4, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1, service_tier: 'standard' },
    });
    expect(events[1]![1]).toEqual({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    expect(events[2]![1]).toEqual({ type: 'ping' });
    const deltas = events.slice(3, 8).map(([, data]) => data);
    for (const delta of deltas) {
      expect(Object.keys(delta)).toEqual(['type', 'index', 'delta']);
      expect(delta['index']).toBe(0);
      expect(Object.keys(delta['delta'] as object)).toEqual(['type', 'text']);
    }
    const text = deltas.map((delta) => (delta['delta'] as { text: string }).text).join('');
    expect(text).toBe(generateDeterministicAnswer({ prompt: 'Wire check', model, pieceCount: 5 }).text);
    expect(events.slice(-3).map(([, data]) => data)).toEqual([
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } },
      { type: 'message_stop' },
    ]);
  });

  it('returns a Message object when not streaming, and stops at max_tokens', async () => {
    const response = await postMessages(wireRequest('Whole please [[simulate chunks=6]]', { stream: false }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('request-id')).toMatch(/^req_011C/);
    const expected = generateDeterministicAnswer({ prompt: 'Whole please', model, pieceCount: 6 });
    expect(await response.json()).toEqual({
      id: expect.stringMatching(/^msg_01/),
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text: expected.text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 4, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 6, service_tier: 'standard' },
    });

    const truncated = await postMessages(wireRequest('Whole please [[simulate chunks=6]]', { stream: false, max_tokens: 2 }));
    expect(await truncated.json()).toMatchObject({
      content: [{ type: 'text', text: expected.pieces.slice(0, 2).join('') }],
      stop_reason: 'max_tokens',
      usage: { output_tokens: 2 },
    });
  });

  it('ends a scripted mid-stream failure with an error event and a clean end of body', async () => {
    const response = await postMessages(wireRequest('Overload [[simulate status=503 cut-after=1]]'));
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body.endsWith('event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n')).toBe(true);
    expect(serverSentEvents(body).map(([name]) => name)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'error',
    ]);
  });

  it('answers scripted statuses with Anthropic error bodies and headers', async () => {
    const limited = await postMessages(wireRequest('Limit [[simulate status=429]]'));
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('anthropic-ratelimit-requests-remaining')).toBe('0');
    await expectAnthropicError(limited, 429, 'rate_limit_error');
    await expectAnthropicError(await postMessages(wireRequest('Boom [[simulate status=500]]')), 500, 'api_error');
    expect(await expectAnthropicError(await postMessages(wireRequest('Full [[simulate status=503]]')), 503, 'overloaded_error')).toBe('Overloaded');
  });

  it('rejects a missing or empty key with 401 authentication_error, and accepts a Bearer key', async () => {
    const request = wireRequest('Hi [[simulate chunks=2]]', { stream: false });
    for (const key of [null, '', '   ']) {
      const message = await expectAnthropicError(await postMessages(request, { 'x-api-key': key }), 401, 'authentication_error');
      expect(message).toBe('invalid x-api-key');
    }
    const bearer = await postMessages(request, { 'x-api-key': null, authorization: 'Bearer test-key' });
    expect(bearer.status).toBe(200);
  });

  it('rejects requests without anthropic-version, or with a malformed body, with 400 invalid_request_error', async () => {
    const noVersion = await postMessages(wireRequest('Hi'), { 'anthropic-version': null });
    expect(await expectAnthropicError(noVersion, 400, 'invalid_request_error')).toBe('anthropic-version: header is required');

    await expectAnthropicError(await postMessages('{"model":'), 400, 'invalid_request_error');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] }, 'model: Field required'],
      [{ model, messages: [{ role: 'user', content: 'Hi' }] }, 'max_tokens: Field required'],
      [{ model, max_tokens: 0, messages: [{ role: 'user', content: 'Hi' }] }, 'max_tokens: Input should be greater than or equal to 1'],
      [{ model, max_tokens: 10 }, 'messages: Field required'],
      [{ model, max_tokens: 10, messages: [] }, 'messages: at least one message is required'],
      [{ model, max_tokens: 10, messages: [{ role: 'system', content: 'Hi' }] }, "messages.0.role: Input should be 'user' or 'assistant'"],
    ];
    for (const [body, message] of cases) {
      expect(await expectAnthropicError(await postMessages(body), 400, 'invalid_request_error')).toBe(message);
    }
    const badDirective = await postMessages(wireRequest('Hi [[simulate colour=blue]]'));
    expect(await expectAnthropicError(badDirective, 400, 'invalid_request_error')).toMatch(/colour/);
  });

  it('accepts content as an array of text blocks', async () => {
    const response = await postMessages(
      wireRequest('', { stream: false, messages: [{ role: 'user', content: [{ type: 'text', text: 'Blocks [[simulate chunks=3]]' }] }] }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { content: Array<{ text: string }> };
    expect(body.content[0]?.text).toBe(generateDeterministicAnswer({ prompt: 'Blocks', model, pieceCount: 3 }).text);
  });
});
