import { GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { generateDeterministicAnswer } from '../../simulator/deterministic-answer.ts';
import { simulatorBaseUrls } from '../../simulator/simulator-base-urls.ts';
import { simulatedSearch } from '../../simulator/simulated-search.ts';
import type { AnswerPart } from '../../worker/providers/answer-provider.ts';
import { GeminiProvider, GeminiStreamReader } from '../../worker/providers/gemini/gemini-provider.ts';
import { sourcesFromGrounding } from '../../worker/providers/gemini/gemini-sources.ts';
import {
  collectAnswer,
  testConnection,
  useProviderSimulator,
  withProviderSimulator,
  withStubServer,
  type ConnectionOverrides,
} from '../support/provider-harness.ts';

const model = 'gemini-2.0-flash';
const defaultPieces = 40;

const simulator = useProviderSimulator();

function adapter(overrides: ConnectionOverrides = {}): GeminiProvider {
  return new GeminiProvider(testConnection('gemini', simulator.baseUrls.gemini, overrides));
}

function collect(
  prompt: string,
  options: { provider?: GeminiProvider; model?: string; webSearch?: boolean; signal?: AbortSignal; onPart?: (part: AnswerPart) => void } = {},
) {
  const question = { model: options.model ?? model, prompt, webSearch: options.webSearch, signal: options.signal };
  return collectAnswer(options.provider ?? adapter(), question, options.onPart);
}

describe('GeminiProvider against the simulator', () => {
  it('streams the whole answer, then usage and STOP as the stop finish reason', async () => {
    const prompt = 'What is a cache and when should I use one?';
    const before = simulator.requests.length;
    const { parts, texts, error } = await collect(prompt);

    expect(error).toBeUndefined();
    const expected = generateDeterministicAnswer({ prompt, model, pieceCount: defaultPieces });
    expect(texts).toEqual(expected.pieces);
    expect(texts.join('')).toBe(expected.text);
    expect(parts.slice(-2)).toEqual([
      { type: 'usage', inputTokens: 10, outputTokens: defaultPieces, cachedTokens: 0, reasoningTokens: 0 },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(parts.some((part) => part.type === 'sources')).toBe(false);

    expect(simulator.requests.slice(before)).toEqual([
      expect.objectContaining({
        path: `/gemini/v1beta/models/${model}:streamGenerateContent`,
        model,
        stream: true,
        hasAuthorization: true,
        lastUserMessage: prompt,
      }),
    ]);
  });

  it("counts a thinking model's thought tokens as output", async () => {
    const thinking = 'gemini-2.5-pro';
    const prompt = 'Explain consistent hashing [[simulate chunks=12]]';
    const { parts, text, error } = await collect(prompt, { model: thinking });
    expect(error).toBeUndefined();
    expect(text).toBe(generateDeterministicAnswer({ prompt: 'Explain consistent hashing', model: thinking, pieceCount: 12 }).text);
    // 12 answer tokens plus the simulator's 24 thinking tokens, which are also reported on their own.
    expect(parts).toContainEqual({ type: 'usage', inputTokens: 5, outputTokens: 36, cachedTokens: 0, reasoningTokens: 24 });
  });

  it('grounds the answer in Google Search when asked and reports each page once', async () => {
    const prompt = 'Who won the 2022 World Cup? [[simulate chunks=30]]';
    const { parts, text, error } = await collect(prompt, { webSearch: true });
    expect(error).toBeUndefined();
    expect(text).toBe(generateDeterministicAnswer({ prompt: 'Who won the 2022 World Cup?', model, pieceCount: 30 }).text);

    const sourceParts = parts.filter((part) => part.type === 'sources');
    expect(sourceParts).toHaveLength(1);
    const sources = sourceParts[0]?.type === 'sources' ? sourceParts[0].sources : [];
    // Every page the search retrieved, cited or not (the search trail tells them apart).
    const search = simulatedSearch('Who won the 2022 World Cup?');
    const pages = search.cited.length + search.retrievedOnly.length;
    expect(sources).toHaveLength(pages);
    expect(new Set(sources.map((source) => source.url)).size).toBe(pages);
    for (const source of sources) {
      // Redirect links, as Google gives them; the simulator serves its own so they can be followed offline.
      expect(source.url).toMatch(/\/gemini\/grounding-api-redirect\//);
      expect(source.title).toMatch(/^[a-z.]+\.[a-z]+$/);
    }
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'stop' });

    // Without web search the same question is not grounded: the tool really is what asks for it.
    const plain = await collect(prompt);
    expect(plain.parts.some((part) => part.type === 'sources')).toBe(false);
  });

  it('turns a 429 into a retryable rate limit with the wait from RetryInfo, without retrying itself', async () => {
    const { result, requests } = await simulator.requestsDuring(() => collect('Busy? [[simulate status=429]]'));
    expect(requests).toHaveLength(1);
    expect(result.parts).toEqual([]);
    expect(result.error).toMatchObject({ code: 'RATE_LIMIT_ERROR', retryable: true, status: 429, retryAfterMs: 10 });
  });

  it.each([
    [500, 'INTERNAL'],
    [502, 'the front end HTML page'],
    [503, 'UNAVAILABLE'],
  ])('turns a %i (%s) into a retryable provider error, without retrying itself', async (status) => {
    const { result, requests } = await simulator.requestsDuring(() => collect(`Broken? [[simulate status=${status}]]`));
    expect(requests).toHaveLength(1);
    expect(result.error).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true, status });
  });

  it('turns a 401 and an invalid key (which Google answers with 400) into a final auth error', async () => {
    const unauthenticated = await collect('Who am I? [[simulate status=401]]');
    expect(unauthenticated.error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false, status: 401 });

    const badKey = await collect('Who am I?', { provider: adapter({ apiKey: 'invalid-key' }) });
    expect(badKey.error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false, status: 400 });
  });

  it('rejects an unknown model for good', async () => {
    const { error } = await collect('Hello', { model: 'gpt-4o' });
    expect(error).toMatchObject({ code: 'PROVIDER_REJECTED', retryable: false, status: 404 });
  });

  it('succeeds once a scripted outage is over (fail-times)', async () => {
    const prompt = 'Flaky? [[simulate status=503 fail-times=1 chunks=6]]';
    expect((await collect(prompt)).error).toMatchObject({ code: 'PROVIDER_ERROR' });
    const second = await collect(prompt);
    expect(second.error).toBeUndefined();
    expect(second.text).toBe(generateDeterministicAnswer({ prompt: 'Flaky?', model, pieceCount: 6 }).text);
  });

  it('reports a stream cut after 3 chunks as interrupted, after exactly those 3 texts', async () => {
    const { parts, texts, error } = await collect('Tell me a story [[simulate cut-after=3 chunk-ms=5]]');
    expect(texts).toEqual(generateDeterministicAnswer({ prompt: 'Tell me a story', model, pieceCount: defaultPieces }).pieces.slice(0, 3));
    // The three texts, and the model version the first chunk reported.
    expect(parts.map((part) => part.type)).toEqual(['model-version', 'text', 'text', 'text']);
    expect(error).toMatchObject({ code: 'STREAM_INTERRUPTED', retryable: true });
  });

  it('treats a stream that delivered every word but no finish reason as interrupted', async () => {
    const { parts, texts, error } = await collect('Almost done [[simulate chunks=5 cut-after=5]]');
    expect(texts).toHaveLength(5);
    expect(parts.some((part) => part.type === 'finish' || part.type === 'usage')).toBe(false);
    expect(error).toMatchObject({ code: 'STREAM_INTERRUPTED' });
  });

  it('waits for a slow first token', async () => {
    const { firstTextAfterMs, error } = await collect('Slow start [[simulate first-token-ms=300 chunks=3]]');
    expect(error).toBeUndefined();
    expect(firstTextAfterMs ?? 0).toBeGreaterThanOrEqual(295);
  });

  it('bounds only the wait for headers with requestTimeoutMs, never the answer itself', async () => {
    // Headers arrive at once; the first token comes after the 150 ms deadline, and the answer must still finish.
    const provider = adapter({ requestTimeoutMs: 150 });
    const { texts, error } = await collect('Long thinker [[simulate first-token-ms=300 chunk-ms=20 chunks=10]]', { provider });
    expect(error).toBeUndefined();
    expect(texts).toHaveLength(10);
  });

  it('times out when the response headers never come', async () => {
    await withStubServer(
      () => undefined,
      async (baseUrl) => {
        const startedAt = performance.now();
        const { error } = await collect('Anyone there?', { provider: adapter({ baseUrl: `${baseUrl}/gemini`, requestTimeoutMs: 200 }) });
        expect(error).toMatchObject({ code: 'TIMEOUT_ERROR', retryable: true });
        expect(performance.now() - startedAt).toBeLessThan(2_000);
      },
    );
  });

  it('stops the HTTP stream promptly when the signal aborts mid-answer', async () => {
    const written: number[] = [];
    await withProviderSimulator({ defaultChunkDelayMs: 1, onContentChunkWritten: ({ index }) => written.push(index) }, async (watched) => {
      const controller = new AbortController();
      let abortedAt = 0;
      const provider = adapter({ baseUrl: simulatorBaseUrls(watched.url).gemini });
      const { texts, error } = await collect('Go on and on [[simulate chunk-ms=50 chunks=200]]', {
        provider,
        signal: controller.signal,
        onPart: (part) => {
          if (part.type === 'text' && abortedAt === 0) {
            abortedAt = performance.now();
            controller.abort();
          }
        },
      });
      expect(performance.now() - abortedAt).toBeLessThan(500);
      expect(error).toMatchObject({ code: 'TIMEOUT_ERROR' });
      expect(texts).toHaveLength(1);
      // The simulator stops writing because the connection is gone, not because the answer ended.
      const writtenAtAbort = written.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(written.length).toBeLessThanOrEqual(writtenAtAbort + 1);
      expect(written.length).toBeLessThan(10);
    });
  });

  it('stops the HTTP stream when the caller stops reading early', async () => {
    const written: number[] = [];
    await withProviderSimulator({ defaultChunkDelayMs: 1, onContentChunkWritten: ({ index }) => written.push(index) }, async (watched) => {
      const provider = adapter({ baseUrl: simulatorBaseUrls(watched.url).gemini });
      for await (const part of provider.streamAnswer({
        model,
        prompt: 'Endless [[simulate chunk-ms=30 chunks=200]]',
        webSearch: false,
        signal: new AbortController().signal,
      })) {
        if (part.type === 'text') break;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(written.length).toBeLessThan(5);
    });
  });

  it('rejects a prompt blocked by the safety filters with a clear message', async () => {
    const { parts, error } = await collect('Something dangerous [[gemini prompt-blocked=SAFETY]]');
    expect(parts).toEqual([]);
    expect(error).toMatchObject({ code: 'PROVIDER_REJECTED', retryable: false });
    expect(error?.message).toMatch(/safety filters flagged the prompt/);
  });

  it('rejects an answer the safety filters stopped, and normalises other finish reasons', async () => {
    const stopped = await collect('Risky [[simulate chunks=4]] [[gemini finish-reason=SAFETY]]');
    expect(stopped.texts).toHaveLength(4);
    expect(stopped.error).toMatchObject({ code: 'PROVIDER_REJECTED', retryable: false });
    expect(stopped.error?.message).toMatch(/safety filters flagged the response/);

    const truncated = await collect('Wordy [[simulate chunks=4]] [[gemini finish-reason=MAX_TOKENS]]');
    expect(truncated.error).toBeUndefined();
    expect(truncated.parts.at(-1)).toEqual({ type: 'finish', reason: 'length' });

    const unsupported = await collect('Parlez [[simulate chunks=4]] [[gemini finish-reason=LANGUAGE]]');
    expect(unsupported.error).toBeUndefined();
    expect(unsupported.parts.at(-1)).toEqual({ type: 'finish', reason: 'other' });
  });
});

function response(fields: Partial<GenerateContentResponse>): GenerateContentResponse {
  return Object.assign(new GenerateContentResponse(), fields);
}

describe('mapping Gemini responses to answer parts', () => {
  it('turns web grounding chunks into sources, once per URL', () => {
    expect(
      sourcesFromGrounding([
        { web: { uri: 'https://a.example/1', title: 'a.example' } },
        { web: { uri: 'https://a.example/1', title: 'again' } },
        { web: { uri: 'https://b.example/2' } },
        { retrievedContext: { uri: 'gs://bucket/file' } },
        { web: { title: 'no link' } },
      ]),
    ).toEqual([
      { url: 'https://a.example/1', title: 'a.example' },
      { url: 'https://b.example/2', title: null },
    ]);
    expect(sourcesFromGrounding(undefined)).toEqual([]);
  });

  it('skips thought parts and empty text, dedupes sources across chunks, and ends with the last usage', () => {
    const reader = new GeminiStreamReader();
    const grounding = { groundingChunks: [{ web: { uri: 'https://a.example/1', title: 'a.example' } }] };
    const parts = [
      ...reader.read(
        response({
          candidates: [{ content: { role: 'model', parts: [{ text: 'thinking…', thought: true }, { text: 'Hello ' }] } }],
          usageMetadata: { promptTokenCount: 3, thoughtsTokenCount: 7 },
        }),
      ),
      ...reader.read(response({ candidates: [{ content: { role: 'model', parts: [{ text: 'world' }] }, groundingMetadata: grounding }] })),
      ...reader.read(
        response({
          candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP' as never, groundingMetadata: grounding }],
          usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, thoughtsTokenCount: 7 },
        }),
      ),
      ...reader.finish(),
    ];
    // The search trail is read from the same metadata; its own tests are in tests/unit/search-trail-parsing.test.ts.
    expect(parts.filter((part) => part.type !== 'search-trail')).toEqual([
      { type: 'text', text: 'Hello ' },
      { type: 'text', text: 'world' },
      { type: 'sources', sources: [{ url: 'https://a.example/1', title: 'a.example' }] },
      { type: 'usage', inputTokens: 3, outputTokens: 9, cachedTokens: 0, reasoningTokens: 7 },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('calls a stream without any finish reason interrupted', () => {
    const reader = new GeminiStreamReader();
    [...reader.read(response({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hel' }] } }] }))];
    expect(() => [...reader.finish()]).toThrow(expect.objectContaining({ code: 'STREAM_INTERRUPTED' }));
  });
});

describe('the simulated Gemini API on the wire', () => {
  const prompt = 'Why is the sky blue?';

  function post(path: string, body: unknown, headers: Record<string, string> = { 'x-goog-api-key': 'test-key' }) {
    return fetch(`${simulator.baseUrls.gemini}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  const userTurn = (text: string) => ({ contents: [{ role: 'user', parts: [{ text }] }] });

  it('streams Gemini server-sent events: CRLF-framed data lines, no [DONE], a closing STOP chunk with usage', async () => {
    const reply = await post(`/v1beta/models/${model}:streamGenerateContent?alt=sse`, userTurn(`${prompt} [[simulate chunks=5]]`));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/event-stream');
    const raw = await reply.text();

    expect(raw.endsWith('\r\n\r\n')).toBe(true);
    expect(raw).not.toContain('[DONE]');
    const events = raw.split('\r\n\r\n').slice(0, -1);
    expect(events).toHaveLength(6);
    for (const event of events) {
      // Google's SSE spelling: a space after each colon, none after commas.
      expect(event).toMatch(/^data: \{"candidates": \[\{"content": \{"parts": \[\{"text": /);
      expect(event).not.toContain('\n');
    }
    const chunks = events.map((event) => JSON.parse(event.slice('data: '.length)) as Record<string, any>);
    const expected = generateDeterministicAnswer({ prompt, model, pieceCount: 5 });
    expect(chunks.map((chunk) => chunk.candidates[0].content.parts[0].text).join('')).toBe(expected.text);
    for (const chunk of chunks) {
      expect(chunk.candidates[0].content.role).toBe('model');
      expect(chunk.modelVersion).toBe(model);
      expect(chunk.responseId).toBe(chunks[0]?.responseId);
      // Prompt tokens are the words sent, directive included.
      expect(chunk.usageMetadata.promptTokenCount).toBe(7);
    }
    expect(chunks.slice(0, -1).every((chunk) => chunk.candidates[0].finishReason === undefined)).toBe(true);
    const last = chunks.at(-1);
    expect(last?.candidates[0]).toMatchObject({ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 });
    expect(last?.usageMetadata).toMatchObject({ promptTokenCount: 7, candidatesTokenCount: 5, totalTokenCount: 12 });
  });

  it('adds groundingMetadata to the closing chunk when the googleSearch tool is offered', async () => {
    const reply = await post(`/v1beta/models/${model}:streamGenerateContent?alt=sse`, { ...userTurn(prompt), tools: [{ google_search: {} }] });
    const chunks = (await reply.text())
      .split('\r\n\r\n')
      .slice(0, -1)
      .map((event) => JSON.parse(event.slice('data: '.length)) as Record<string, any>);
    const text = chunks.map((chunk) => chunk.candidates[0].content.parts[0].text).join('');
    const grounding = chunks.at(-1)?.candidates[0].groundingMetadata;
    expect(chunks.slice(0, -1).some((chunk) => chunk.candidates[0].groundingMetadata)).toBe(false);
    const search = simulatedSearch(prompt);
    expect(grounding.webSearchQueries).toEqual(search.queries);
    expect(grounding.webSearchQueries[0]).toBe('why is the sky blue');
    expect(grounding.searchEntryPoint.renderedContent).toContain('why is the sky blue');
    expect(grounding.groundingChunks).toHaveLength(search.cited.length + search.retrievedOnly.length);
    for (const chunk of grounding.groundingChunks) {
      expect(chunk.web).toEqual({ uri: expect.stringMatching(/^http:\/\/.+\/gemini\/grounding-api-redirect\//), title: expect.any(String), domain: chunk.web.title });
    }
    expect(grounding.groundingSupports.length).toBeGreaterThan(0);
    for (const support of grounding.groundingSupports) {
      // Segment indices are UTF-8 byte offsets into the answer; a zero start is left out, as in proto JSON.
      const { startIndex = 0, endIndex, text: segmentText } = support.segment;
      expect(Buffer.from(text).subarray(startIndex, endIndex).toString()).toBe(segmentText);
      // Only the cited pages support sentences; the rest were retrieved and left unused.
      expect(support.groundingChunkIndices[0]).toBeLessThan(search.cited.length);
    }
  });

  it('answers generateContent with one pretty-printed JSON response and accepts the key as ?key=', async () => {
    const reply = await post(`/v1/models/${model}:generateContent?key=test-key`, userTurn(prompt), {});
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const raw = await reply.text();
    expect(raw.startsWith('{\n  "candidates": [')).toBe(true);
    const body = JSON.parse(raw) as Record<string, any>;
    expect(body.candidates[0]).toMatchObject({
      content: { parts: [{ text: generateDeterministicAnswer({ prompt, model, pieceCount: defaultPieces }).text }], role: 'model' },
      finishReason: 'STOP',
    });
    expect(body.usageMetadata).toMatchObject({ promptTokenCount: 5, candidatesTokenCount: defaultPieces });
  });

  it("sends a 429 in Google's format, with the wait in RetryInfo and no Retry-After header", async () => {
    const reply = await post(`/v1beta/models/${model}:streamGenerateContent?alt=sse`, userTurn('Busy [[simulate status=429]]'));
    expect(reply.status).toBe(429);
    expect(reply.headers.get('retry-after')).toBeNull();
    const raw = await reply.text();
    expect(raw.startsWith('{\n  "error": {\n    "code": 429,')).toBe(true);
    const { error } = JSON.parse(raw) as { error: Record<string, any> };
    expect(error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
    expect(error.details).toContainEqual({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '0.010s' });
  });

  it.each([
    ['no key', {}, 403, 'PERMISSION_DENIED', /unregistered callers/],
    ['an invalid key', { 'x-goog-api-key': 'invalid-key' }, 400, 'INVALID_ARGUMENT', /API key not valid/],
  ])('answers %s the way Google does', async (_case, headers, code, status, message) => {
    const reply = await post(`/v1/models/${model}:generateContent`, userTurn(prompt), headers);
    expect(reply.status).toBe(code);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const { error } = (await reply.json()) as { error: Record<string, any> };
    expect(error).toMatchObject({ code, status, message: expect.stringMatching(message) });
  });

  it('rejects unknown models, unknown fields, bad directives and unknown URLs', async () => {
    const unknownModel = await post('/v1beta/models/gpt-4o:generateContent', userTurn(prompt));
    expect(unknownModel.status).toBe(404);
    expect(await unknownModel.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND', message: expect.stringContaining('models/gpt-4o is not found') } });

    const unknownField = await post(`/v1/models/${model}:generateContent`, { ...userTurn(prompt), stream: true });
    expect(await unknownField.json()).toMatchObject({ error: { code: 400, message: expect.stringContaining('Unknown name "stream"') } });

    const noContents = await post(`/v1/models/${model}:generateContent`, {});
    expect(await noContents.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });

    const typo = await post(`/v1/models/${model}:generateContent`, userTurn('Hi [[gemini finish-reason=DONE]]'));
    expect(typo.status).toBe(400);

    const unknownUrl = await post('/v1/models', userTurn(prompt));
    expect(unknownUrl.status).toBe(404);
    expect(unknownUrl.headers.get('content-type')).toContain('text/html');
  });
});
