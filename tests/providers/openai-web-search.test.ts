import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { generateDeterministicAnswer } from '../../simulator/deterministic-answer.ts';
import { simulatedWebPages } from '../../simulator/openai-responses-web-pages.ts';
import { simulatedSearch } from '../../simulator/simulated-search.ts';
import type { AnswerPart } from '../../worker/providers/answer-provider.ts';
import { ProviderError } from '../../worker/providers/answer-provider.ts';
import { OpenAiProvider } from '../../worker/providers/openai/openai-provider.ts';
import { streamWebSearchAnswer } from '../../worker/providers/openai/openai-web-search.ts';
import { collectAnswer, testConnection, useProviderSimulator } from '../support/provider-harness.ts';

const simulator = useProviderSimulator();
const model = 'gpt-4o-mini';

function provider(engine = 'openai', apiKey = 'test-key'): OpenAiProvider {
  const baseUrl = engine === 'deepseek' ? simulator.baseUrls.deepseek : simulator.baseUrls.openai;
  return new OpenAiProvider(testConnection(engine, baseUrl, { apiKey }));
}

/** Web search is on unless a test turns it off; `paths` are the simulator routes the answer used. */
async function collect(
  prompt: string,
  options: { engine?: string; webSearch?: boolean; signal?: AbortSignal; apiKey?: string; onPart?: (part: AnswerPart) => void } = {},
) {
  const question = { model, prompt, webSearch: options.webSearch ?? true, signal: options.signal };
  const adapter = provider(options.engine, options.apiKey);
  const { result, requests } = await simulator.requestsDuring(() => collectAnswer(adapter, question, options.onPart));
  return { ...result, paths: requests.map((request) => request.path) };
}

describe('OpenAI web search through the Responses API', () => {
  it('answers with the deterministic text, cited pages, usage and finish', async () => {
    const prompt = 'What changed in the latest TypeScript release?';
    const result = await collect(prompt);
    expect(result.error).toBeUndefined();
    expect(result.paths).toEqual(['/openai/v1/responses']);
    expect(result.text).toBe(generateDeterministicAnswer({ prompt, model, pieceCount: 40 }).text);
    expect(result.parts.filter((part) => part.type === 'text')).toHaveLength(40);

    // The simulator cites the first page twice; each page reaches the caller once, with its title.
    const pages = simulatedWebPages(prompt);
    expect(result.sources).toEqual(pages.map((page) => ({ url: `${page.url}?utm_source=openai`, title: page.title })));
    expect(new Set(result.sources.map((source) => source.url)).size).toBe(result.sources.length);

    const words = prompt.split(' ').length;
    expect(result.parts.at(-2)).toEqual({ type: 'usage', inputTokens: words, outputTokens: 40, cachedTokens: 0, reasoningTokens: 0 });
    expect(result.parts.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('streams sources while the text streams, not only at the end', async () => {
    const result = await collect('Where is the nearest observatory?');
    const firstSources = result.parts.findIndex((part) => part.type === 'sources');
    const lastText = result.parts.findLastIndex((part) => part.type === 'text');
    expect(firstSources).toBeGreaterThan(0);
    expect(firstSources).toBeLessThan(lastText);
  });

  it('uses Chat Completions without web search, so no sources', async () => {
    const prompt = 'Explain idempotency.';
    const result = await collect(prompt, { webSearch: false });
    expect(result.paths).toEqual(['/openai/v1/chat/completions']);
    expect(result.text).toBe(generateDeterministicAnswer({ prompt, model, pieceCount: 40 }).text);
    expect(result.sources).toEqual([]);
    expect(result.parts.at(-1)).toMatchObject({ type: 'usage', outputTokens: 40 });
  });

  it('never sends another engine to the Responses API, even when asked for web search', async () => {
    const result = await collect('Explain idempotency.', { engine: 'deepseek', webSearch: true });
    expect(result.error).toBeUndefined();
    expect(result.paths).toEqual(['/deepseek/v1/chat/completions']);
  });
});

describe('Responses API faults', () => {
  it('maps 429 to a retryable rate limit with the retry hint', async () => {
    const { error, parts } = await collect('Busy [[simulate status=429]]');
    expect(parts).toEqual([]);
    expect(error).toMatchObject({ code: 'RATE_LIMIT_ERROR', retryable: true, status: 429, retryAfterMs: 10 });
  });

  it('maps 500 to a retryable provider error', async () => {
    const { error } = await collect('Broken [[simulate status=500]]');
    expect(error).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true, status: 500 });
  });

  it('maps 401 and a missing key to a final auth error', async () => {
    const scripted = await collect('Wrong key [[simulate status=401]]');
    expect(scripted.error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false, status: 401 });
    const blank = await collect('No key at all', { apiKey: ' ' });
    expect(blank.error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false });
  });

  it('reports a stream cut before response.completed as interrupted, after exactly the text sent', async () => {
    const { error, parts } = await collect('Cut me off [[simulate chunks=8 cut-after=3]]');
    expect(parts.filter((part) => part.type === 'text')).toHaveLength(3);
    expect(parts.some((part) => part.type === 'finish')).toBe(false);
    expect(error).toMatchObject({ code: 'STREAM_INTERRUPTED', retryable: true });
  });

  it('treats a whole answer without response.completed as interrupted too', async () => {
    const { error, parts } = await collect('Almost [[simulate chunks=5 cut-after=5]]');
    expect(parts.filter((part) => part.type === 'text')).toHaveLength(5);
    expect(error).toMatchObject({ code: 'STREAM_INTERRUPTED' });
  });

  it('waits for first-token-ms before the first text', async () => {
    const { firstTextAfterMs, error } = await collect('Slow search [[simulate first-token-ms=300 chunks=5]]');
    expect(error).toBeUndefined();
    expect(firstTextAfterMs!).toBeGreaterThanOrEqual(300);
  });

  it('stops promptly when the signal aborts mid-stream', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const { parts, error } = await collect('Long answer [[simulate chunks=200 chunk-ms=50]]', {
      signal: controller.signal,
      onPart: (part) => {
        if (part.type === 'text') controller.abort();
      },
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(parts.filter((part) => part.type === 'text')).toHaveLength(1);
    expect(error).toBeInstanceOf(ProviderError);
  });
});

describe('Responses API wire format over raw HTTP', () => {
  interface WireEvent {
    name: string;
    data: Record<string, any>;
  }

  function parseEvents(body: string): WireEvent[] {
    expect(body.endsWith('\n\n')).toBe(true);
    return body
      .slice(0, -2)
      .split('\n\n')
      .map((block) => {
        const match = /^event: ([a-z_.]+)\ndata: (.+)$/.exec(block);
        if (!match) throw new Error(`unexpected event block: ${JSON.stringify(block)}`);
        return { name: match[1]!, data: JSON.parse(match[2]!) as Record<string, any> };
      });
  }

  async function post(body: unknown, authorization: string | null = 'Bearer test-key'): Promise<globalThis.Response> {
    return fetch(`${simulator.url}/openai/v1/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
    });
  }

  it('streams named events with sequence numbers in the documented order', async () => {
    const prompt = 'Wire check for web search';
    const response = await post({ model, input: prompt, tools: [{ type: 'web_search' }], stream: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const body = await response.text();
    expect(body).not.toContain('[DONE]');
    const events = parseEvents(body);

    events.forEach((event, index) => {
      expect(event.data['type']).toBe(event.name);
      expect(event.data['sequence_number']).toBe(index);
    });
    const names = events.map((event) => event.name).filter((name) => name !== 'response.output_text.annotation.added');
    // One web search call per fan-out query, each run in turn before the message.
    const searches = simulatedSearch(prompt).queries.length;
    expect(searches).toBeGreaterThanOrEqual(2);
    expect(names).toEqual([
      'response.created',
      'response.in_progress',
      ...Array.from({ length: searches }, () => [
        'response.output_item.added',
        'response.web_search_call.in_progress',
        'response.web_search_call.searching',
        'response.web_search_call.completed',
        'response.output_item.done',
      ]).flat(),
      'response.output_item.added',
      'response.content_part.added',
      ...Array.from({ length: 40 }, () => 'response.output_text.delta'),
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);

    const [created] = events;
    expect(created?.data['response']).toMatchObject({ object: 'response', status: 'in_progress', model, output: [], usage: null });
    expect(created?.data['response'].id).toMatch(/^resp_[0-9a-f]{48}$/);
    expect(events[2]?.data['item']).toMatchObject({ type: 'web_search_call', status: 'in_progress' });
    expect(events[2]?.data['item'].id).toMatch(/^ws_[0-9a-f]{48}$/);

    const deltas = events.filter((event) => event.name === 'response.output_text.delta');
    for (const delta of deltas) {
      expect(delta.data).toMatchObject({ output_index: searches, content_index: 0, logprobs: [] });
      expect(delta.data['item_id']).toMatch(/^msg_[0-9a-f]{48}$/);
      expect(typeof delta.data['obfuscation']).toBe('string');
    }
    const text = deltas.map((delta) => delta.data['delta']).join('');
    expect(text).toBe(generateDeterministicAnswer({ prompt, model, pieceCount: 40 }).text);

    // Each citation points into the text and repeats a page once, so a client has to deduplicate.
    const annotations = events.filter((event) => event.name === 'response.output_text.annotation.added');
    expect(annotations.length).toBe(simulatedWebPages(prompt).length + 1);
    annotations.forEach((event, index) => {
      expect(event.data['annotation_index']).toBe(index);
      const annotation = event.data['annotation'];
      expect(Object.keys(annotation)).toEqual(['type', 'end_index', 'start_index', 'title', 'url']);
      expect(annotation.type).toBe('url_citation');
      expect(annotation.url).toMatch(/^https:\/\/[a-z.]+\.example\.(com|org|net)\/.+\?utm_source=openai$/);
      expect(annotation.start_index).toBeLessThan(annotation.end_index);
      expect(annotation.end_index).toBeLessThanOrEqual([...text].length);
    });
    expect(annotations.at(-1)?.data['annotation'].url).toBe(annotations[0]?.data['annotation'].url);

    const completed = events.at(-1)?.data['response'];
    expect(completed).toMatchObject({ status: 'completed', error: null, usage: { input_tokens: 5, output_tokens: 40, total_tokens: 45 } });
    expect(completed.output.map((item: { type: string }) => item.type)).toEqual([...Array.from({ length: searches }, () => 'web_search_call'), 'message']);
    // Without `include: ['web_search_call.action.sources']` a search call names its query but not its pages.
    const queries = simulatedSearch(prompt).queries;
    expect(completed.output[0].action).toEqual({ type: 'search', query: queries[0], queries: [queries[0]] });
    expect(completed.output[searches].content[0]).toMatchObject({ type: 'output_text', text });
    expect(completed.output[searches].content[0].annotations).toEqual(annotations.map((event) => event.data['annotation']));
    expect(completed.tools[0]).toMatchObject({ type: 'web_search', search_context_size: 'medium' });
  });

  it('has no web search call or citations without the tool', async () => {
    const events = parseEvents(await (await post({ model, input: 'Plain [[simulate chunks=3]]', stream: true })).text());
    const names = events.map((event) => event.name);
    expect(names.filter((name) => name.includes('web_search') || name.includes('annotation'))).toEqual([]);
    expect(events.find((event) => event.name === 'response.output_text.delta')?.data['output_index']).toBe(0);
  });

  it('answers a missing key, a bad tool and a scripted 429 with OpenAI error bodies', async () => {
    const missing = await post({ model, input: 'hi', stream: true }, null);
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');

    const badTool = await post({ model, input: 'hi', tools: [{ type: 'function' }] });
    expect(badTool.status).toBe(400);
    expect(((await badTool.json()) as { error: { param: string } }).error.param).toBe('tools[0].type');

    const busy = await post({ model, input: 'Busy [[simulate status=429]]', stream: true });
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after-ms')).toBe('10');
    expect(await busy.json()).toMatchObject({ error: { type: 'rate_limit_exceeded', code: 'rate_limit_exceeded' } });
  });

  it('returns the whole response object when not streaming', async () => {
    const prompt = 'Non-streamed search';
    const body = (await (await post({ model, input: prompt, tools: [{ type: 'web_search' }] })).json()) as Record<string, any>;
    expect(body).toMatchObject({ object: 'response', status: 'completed' });
    expect(body['output'].at(-1).content[0].text).toBe(generateDeterministicAnswer({ prompt, model, pieceCount: 40 }).text);
  });

  it('lists the pages each search call returned when `include` asks for them', async () => {
    const prompt = 'Wire check for search sources';
    const body = (await (
      await post({ model, input: prompt, tools: [{ type: 'web_search' }], include: ['web_search_call.action.sources'] })
    ).json()) as Record<string, any>;
    const calls = body['output'].filter((item: { type: string }) => item.type === 'web_search_call');
    const search = simulatedSearch(prompt);
    expect(calls.map((call: any) => call.action.query)).toEqual(search.queries);
    const listed = calls.flatMap((call: any) => call.action.sources.map((source: { type: string; url: string }) => source.url));
    expect(new Set(listed)).toEqual(new Set([...search.cited, ...search.retrievedOnly].map((page) => page.url)));
    for (const call of calls) for (const source of call.action.sources) expect(source.type).toBe('url');
  });
});

describe('Responses stream endings the simulator cannot script', () => {
  /** A real SDK client whose fetch answers with these server-sent events and then ends the body cleanly. */
  async function answerFrom(events: Record<string, unknown>[]): Promise<{ parts: AnswerPart[]; error: ProviderError | undefined }> {
    const body = events.map((event, index) => `event: ${String(event['type'])}\ndata: ${JSON.stringify({ ...event, sequence_number: index })}\n\n`).join('');
    const fetchEvents = async () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    const client = new OpenAI({ apiKey: 'test-key', baseURL: 'http://responses.invalid/v1', maxRetries: 0, fetch: fetchEvents });
    const parts: AnswerPart[] = [];
    try {
      for await (const part of streamWebSearchAnswer(client, { model, prompt: 'x', webSearch: true, signal: new AbortController().signal }, 'openai')) {
        parts.push(part);
      }
      return { parts, error: undefined };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return { parts, error };
    }
  }

  const delta = { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Hi ', logprobs: [] };

  it('reports a body that ends cleanly without response.completed as interrupted', async () => {
    const { parts, error } = await answerFrom([delta, delta]);
    expect(parts).toHaveLength(2);
    expect(error).toMatchObject({ code: 'STREAM_INTERRUPTED' });
  });

  it('turns response.failed into a ProviderError by its code', async () => {
    const failed = { type: 'response.failed', response: { status: 'failed', output: [], error: { code: 'server_error', message: 'oops' } } };
    const { parts, error } = await answerFrom([delta, failed]);
    expect(parts).toEqual([{ type: 'text', text: 'Hi ' }]);
    expect(error).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true });
  });

  it('turns an error event into a ProviderError by its code', async () => {
    const { error } = await answerFrom([{ type: 'error', code: 'rate_limit_exceeded', message: 'slow down', param: null }]);
    expect(error).toMatchObject({ code: 'RATE_LIMIT_ERROR', retryable: true });
  });
});
