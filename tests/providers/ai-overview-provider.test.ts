import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AI_OVERVIEW_COUNTRIES,
  AI_OVERVIEW_LANGUAGES,
  isAiOverviewCountry,
  isAiOverviewLanguage,
} from '../../core/catalogue/ai-overview-locales.ts';
import { loadModelCatalogue } from '../../core/catalogue/model-catalogue.ts';
import { PROJECT_ROOT, PROVIDER_IDS } from '../../core/config/config.ts';
import { planBrandAnswer } from '../../simulator/brand-answer.ts';
import { generateDeterministicAnswer } from '../../simulator/deterministic-answer.ts';
import type { AnswerPart, AnswerRequest } from '../../worker/providers/answer-provider.ts';
import { ProviderRegistry } from '../../worker/providers/provider-registry.ts';
import { AiOverviewProvider } from '../../worker/providers/serpapi/serpapi-provider.ts';
import { collectAnswer, testConnection, useProviderSimulator, withStubServer, type ConnectionOverrides } from '../support/provider-harness.ts';

const model = 'google-ai-overview';

const simulator = useProviderSimulator();

function adapter(overrides: ConnectionOverrides = {}): AiOverviewProvider {
  return new AiOverviewProvider(testConnection('ai-overview', simulator.baseUrls.serpapi, overrides));
}

function collect(
  prompt: string,
  options: {
    provider?: AiOverviewProvider;
    signal?: AbortSignal;
    aiOverview?: AnswerRequest['aiOverview'];
    onPart?: (part: AnswerPart) => void;
  } = {},
) {
  // Only a question that names a locale carries `aiOverview`, so the adapter's defaults are what is tested otherwise.
  const question = { model, prompt, signal: options.signal, ...(options.aiOverview ? { aiOverview: options.aiOverview } : {}) };
  return collectAnswer(options.provider ?? adapter(), question, options.onPart);
}

const { requestsFor } = simulator;

/**
 * What the adapter should show for the simulator's overview: the deterministic answer with its lead line as a
 * `### ` heading (no asterisks) and a blank line between the list's introduction and the list, so it renders as Markdown like every other answer.
 */
function expectedMarkdown(prompt: string, pieceCount = 40): string {
  const answer = generateDeterministicAnswer({ prompt, model, pieceCount }).text;
  return `### ${answer.replace(/^\*\*(.+?)\*\*/, '$1').replace(/:\n- /, ':\n\n- ')}`;
}

describe('AiOverviewProvider against the simulated SerpApi', () => {
  it('streams the overview as markdown word by word, then its references, then stop', async () => {
    const prompt = 'How does HTTP caching work?';
    const { parts, texts, error } = await collect(prompt);
    expect(error).toBeUndefined();

    const words = texts;
    expect(words.join('')).toBe(expectedMarkdown(prompt));
    // 40 words of answer plus the heading's `### `; every part is one word and the whitespace after it.
    expect(words).toHaveLength(41);
    for (const word of words) expect(word).toMatch(/^\S+\s*$/);
    expect(words.join('')).toMatch(/^### google-ai-overview on “How does HTTP caching work\?”\n\n/);
    expect(words.join('')).toMatch(/:\n\n- /);

    // First where SerpApi says Google served the overview (its "model version"), then the words, then the rest.
    expect(parts[0]).toEqual({ type: 'model-version', version: 'google.com/desktop' });
    const rest = parts.slice(words.length + 1);
    expect(rest).toEqual([
      {
        type: 'sources',
        sources: [
          { url: 'https://encyclopedia.example.org/wiki/how-does-http-caching-work', title: 'How does HTTP caching work? - Example Encyclopedia' },
          { url: 'https://docs.example.com/guides/how-does-http-caching-work', title: 'A practical guide: How does HTTP caching work?' },
          { url: 'https://forum.example.net/t/how-does-http-caching-work', title: 'How does HTTP caching work? - what worked for us' },
          { url: 'https://reviews.example.net/compare/how-does-http-caching-work', title: 'How does HTTP caching work? compared | Example Reviews' },
        ],
      },
      {
        // Google's search is the question itself; the text blocks link the first three references, not the fourth.
        type: 'search-trail',
        queries: [prompt],
        sources: [
          { url: 'https://encyclopedia.example.org/wiki/how-does-http-caching-work', title: 'How does HTTP caching work? - Example Encyclopedia', retrieved: true, cited: true },
          { url: 'https://docs.example.com/guides/how-does-http-caching-work', title: 'A practical guide: How does HTTP caching work?', retrieved: true, cited: true },
          { url: 'https://forum.example.net/t/how-does-http-caching-work', title: 'How does HTTP caching work? - what worked for us', retrieved: true, cited: true },
          { url: 'https://reviews.example.net/compare/how-does-http-caching-work', title: 'How does HTTP caching work? compared | Example Reviews', retrieved: true, cited: false },
        ],
      },
      { type: 'finish', reason: 'stop' },
    ]);
    // SerpApi reports no token counts, so there is no usage to pass on.
    expect(parts.some((part) => part.type === 'usage')).toBe(false);

    const requests = requestsFor(prompt);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ path: '/serpapi/search.json', hasAuthorization: true });
  });

  it('answers a brand question by naming the topic’s brands, varied by the sample, never echoing the question', async () => {
    const question = 'Is Zentrovia a good CRM tool for teams?';
    const first = await collect(`${question} [[simulate sample=0]]`);
    const second = await collect(`${question} [[simulate sample=1]]`);
    expect(first.error).toBeUndefined();
    const text = first.texts.join('');
    const named = planBrandAnswer({ prompt: question, model, sample: 0 }).named.map((entry) => entry.brand);
    expect(named.length).toBeGreaterThanOrEqual(3);
    // A list item per brand, in the plan's order, in plain text as SerpApi sends it.
    expect([...text.matchAll(/^- (\S+)/gm)].map((match) => match[1])).toEqual(named);
    expect(text).not.toMatch(/zentrovia/i);
    expect(text).not.toMatch(/\bgood\b/i);
    expect(text).not.toContain('**');
    expect(second.texts.join('')).not.toBe(text);
    // The same sample repeats exactly.
    expect((await collect(`${question} [[simulate sample=1]]`)).texts.join('')).toBe(second.texts.join(''));
  });

  it('makes the follow-up page_token request when Google lazy-loads the overview', async () => {
    const prompt = 'A deferred overview of consistent hashing';
    const { parts, text, error } = await collect(prompt);
    expect(error).toBeUndefined();
    expect(text).toBe(expectedMarkdown(prompt));
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    expect(requestsFor(prompt)).toHaveLength(2);
  });

  it.each(['Is there no overview for this', 'A query with no results at all'])(
    'fails "%s" with the non-retryable "No AI Overview available"',
    async (prompt) => {
      const { parts, error } = await collect(prompt);
      expect(parts).toEqual([]);
      expect(error).toMatchObject({ code: 'PROVIDER_REJECTED', message: 'No AI Overview available', retryable: false });
    },
  );

  it('rate limits are retryable with the retry-after hint', async () => {
    const { parts, error } = await collect('Busy [[simulate status=429]]');
    expect(parts).toEqual([]);
    expect(error).toMatchObject({ code: 'RATE_LIMIT_ERROR', retryable: true, status: 429, retryAfterMs: 1_000 });
  });

  it.each([500, 502, 503] as const)('status %i is a retryable provider error', async (status) => {
    const { error } = await collect(`Broken [[simulate status=${status}]]`);
    expect(error).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true, status });
  });

  it('a scripted 400 is a rejection, not retried', async () => {
    const { error } = await collect('Bad [[simulate status=400]]');
    expect(error).toMatchObject({ code: 'PROVIDER_REJECTED', retryable: false, status: 400 });
  });

  it('a scripted 401, a wrong key and an empty key are authentication failures', async () => {
    expect((await collect('Auth [[simulate status=401]]')).error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false, status: 401 });
    const wrongKey = await collect('Auth with a wrong key', { provider: adapter({ apiKey: 'invalid-key' }) });
    expect(wrongKey.error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false, status: 401 });
    const emptyKey = await collect('Auth with no key', { provider: adapter({ apiKey: '' }) });
    expect(emptyKey.error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false });
  });

  it('fail-times fails only the first request', async () => {
    const prompt = 'Flaky search [[simulate status=503 fail-times=1]]';
    expect((await collect(prompt)).error).toMatchObject({ code: 'PROVIDER_ERROR' });
    const second = await collect(prompt);
    expect(second.error).toBeUndefined();
    expect(second.text).toBe(expectedMarkdown('Flaky search'));
  });

  it('a body cut off mid-way is an interrupted answer with no text (SerpApi sends one JSON document)', async () => {
    const { parts, error } = await collect('Cut me off [[simulate cut-after=3]]');
    expect(parts).toEqual([]);
    expect(error).toMatchObject({ code: 'STREAM_INTERRUPTED', retryable: true });
  });

  it('a cut at or past the last slice still loses the end of the body', async () => {
    const { parts, error } = await collect('Cut at the end [[simulate chunks=5 cut-after=5]]');
    expect(parts).toEqual([]);
    expect(error).toMatchObject({ code: 'STREAM_INTERRUPTED' });
  });

  it('a cut in the deferred follow-up is interrupted too', async () => {
    const { error } = await collect('A deferred overview cut short [[simulate cut-after=2]]');
    expect(error).toMatchObject({ code: 'STREAM_INTERRUPTED' });
  });

  it('first-token-ms delays the first text', async () => {
    const { parts, firstTextAfterMs, error } = await collect('Slow start [[simulate first-token-ms=300]]');
    expect(error).toBeUndefined();
    const firstText = parts.findIndex((part) => part.type === 'text');
    // Only the reported version comes before it.
    expect(firstText).toBe(1);
    expect(firstTextAfterMs!).toBeGreaterThanOrEqual(295);
  });

  it('gives up on response headers after requestTimeoutMs', async () => {
    const startedAt = performance.now();
    const { error } = await collect('Never answers [[simulate first-token-ms=5000]]', { provider: adapter({ requestTimeoutMs: 200 }) });
    expect(error).toMatchObject({ code: 'TIMEOUT_ERROR', retryable: true });
    expect(performance.now() - startedAt).toBeLessThan(2_000);
  });

  it('the timeout covers the wait for headers, not a slow body after them', async () => {
    const { parts, error } = await collect('Slow body, quick headers [[simulate chunks=20 chunk-ms=20]]', {
      provider: adapter({ requestTimeoutMs: 150 }),
    });
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('aborting while the body arrives stops promptly', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const startedAt = performance.now();
    const { parts, error } = await collect('Slow body [[simulate chunk-ms=100]]', { signal: controller.signal });
    expect(parts).toEqual([]);
    expect(error).toMatchObject({ code: 'TIMEOUT_ERROR' });
    expect(performance.now() - startedAt).toBeLessThan(1_000);
  });

  it('aborting while the words are handed on stops at the next word', async () => {
    const controller = new AbortController();
    const { texts, error } = await collect('Stop me early', {
      signal: controller.signal,
      onPart: (part) => {
        if (part.type === 'text') controller.abort();
      },
    });
    expect(texts).toHaveLength(1);
    expect(error).toMatchObject({ code: 'TIMEOUT_ERROR' });
  });
});

describe('what the adapter asks SerpApi for', () => {
  const overviewPage = JSON.stringify({
    search_metadata: { status: 'Success' },
    ai_overview: { text_blocks: [{ type: 'paragraph', snippet: 'Answer.' }] },
  });

  it('searches Google with the question, country, language and key, defaulting to us/en', async () => {
    const urls: URL[] = [];
    await withStubServer(
      (request, response) => {
        urls.push(new URL(request.url ?? '/', 'http://stub.invalid'));
        response.writeHead(200, { 'content-type': 'application/json' }).end(overviewPage);
      },
      async (baseUrl) => {
        const provider = adapter({ baseUrl: `${baseUrl}/`, apiKey: 'secret key' });
        expect((await collect('What is SEO?', { provider })).text).toBe('Answer.');
        await collect('Was ist SEO?', { provider, aiOverview: { country: 'de', language: 'de' } });
      },
    );
    expect(urls.map((url) => url.pathname)).toEqual(['/search.json', '/search.json']);
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ engine: 'google', q: 'What is SEO?', gl: 'us', hl: 'en', api_key: 'secret key' });
    expect(Object.fromEntries(urls[1]!.searchParams)).toMatchObject({ q: 'Was ist SEO?', gl: 'de', hl: 'de' });
  });

  it('fetches a deferred overview by its page token, once', async () => {
    const urls: URL[] = [];
    await withStubServer(
      (request, response) => {
        const url = new URL(request.url ?? '/', 'http://stub.invalid');
        urls.push(url);
        const body =
          url.searchParams.get('engine') === 'google'
            ? { ai_overview: { page_token: 'token+/=', serpapi_link: 'https://serpapi.com/search.json?engine=google_ai_overview' } }
            : { ai_overview: { page_token: 'still-not-ready' } };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      },
      async (baseUrl) => {
        const { error } = await collect('Lazy', { provider: adapter({ baseUrl }) });
        expect(error).toMatchObject({ code: 'PROVIDER_REJECTED', message: 'No AI Overview available' });
      },
    );
    expect(urls).toHaveLength(2);
    expect(Object.fromEntries(urls[1]!.searchParams)).toEqual({ engine: 'google_ai_overview', page_token: 'token+/=', api_key: 'test-key' });
  });

  it('a 200 that is not JSON is a provider error', async () => {
    await withStubServer(
      (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>'),
      async (baseUrl) => {
        expect((await collect('Anything', { provider: adapter({ baseUrl }) })).error).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true });
      },
    );
  });

  it('the account running out of searches is not retried', async () => {
    await withStubServer(
      (_request, response) =>
        response.writeHead(429, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Your account has run out of searches.' })),
      async (baseUrl) => {
        expect((await collect('Anything', { provider: adapter({ baseUrl }) })).error).toMatchObject({
          code: 'RATE_LIMIT_ERROR',
          retryable: false,
        });
      },
    );
  });
});

describe('SerpApi wire format over raw HTTP', () => {
  const search = (query: Record<string, string>) =>
    fetch(`${simulator.url}/serpapi/search.json?${new URLSearchParams({ api_key: 'test-key', ...query }).toString()}`);

  it('answers a Google search with SerpApi’s results page and an ai_overview of text blocks and references', async () => {
    const response = await search({ engine: 'google', q: 'Wire check for SerpApi', gl: 'uk', hl: 'en' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await response.text();
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    const body = JSON.parse(text) as Record<string, any>;

    expect(Object.keys(body)).toEqual(['search_metadata', 'search_parameters', 'search_information', 'ai_overview', 'organic_results']);
    const metadata = body['search_metadata'];
    expect(Object.keys(metadata)).toEqual([
      'id', 'status', 'json_endpoint', 'created_at', 'processed_at', 'google_url', 'raw_html_file', 'total_time_taken',
    ]);
    expect(metadata.id).toMatch(/^[0-9a-f]{24}$/);
    expect(metadata.status).toBe('Success');
    expect(metadata.json_endpoint).toBe(`${simulator.url}/serpapi/searches/${metadata.json_endpoint.split('/').at(-2)}/${metadata.id}.json`);
    expect(metadata.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    expect(new URL(metadata.google_url).searchParams.get('gl')).toBe('uk');
    expect(metadata.total_time_taken).toBeTypeOf('number');
    expect(body['search_parameters']).toEqual({
      engine: 'google', q: 'Wire check for SerpApi', google_domain: 'google.com', hl: 'en', gl: 'uk', device: 'desktop',
    });

    const overview = body['ai_overview'];
    expect(Object.keys(overview)).toEqual(['text_blocks', 'references']);
    const types = overview.text_blocks.map((block: { type: string }) => block.type);
    expect(types[0]).toBe('heading');
    expect(types).toContain('paragraph');
    expect(types).toContain('list');
    for (const block of overview.text_blocks) {
      if (block.type === 'heading') expect(Object.keys(block)).toEqual(['type', 'snippet']);
      if (block.type === 'paragraph') {
        expect(block.snippet).toBeTypeOf('string');
        for (const index of block.reference_indexes) expect(overview.references[index]).toBeDefined();
      }
      if (block.type === 'list') {
        for (const item of block.list) expect(Object.keys(item)).toEqual(['snippet', 'reference_indexes']);
      }
    }
    expect(overview.text_blocks.find((block: { type: string }) => block.type === 'paragraph').snippet_highlighted_words).toHaveLength(1);
    overview.references.forEach((reference: Record<string, unknown>, index: number) => {
      expect(Object.keys(reference)).toEqual(['title', 'link', 'snippet', 'source', 'index']);
      expect(reference['index']).toBe(index);
    });
    expect(body['organic_results'][0]).toMatchObject({ position: 1, link: overview.references[0].link });
  });

  it('defaults the engine to google, as SerpApi does', async () => {
    const body = (await (await search({ q: 'Default engine' })).json()) as Record<string, any>;
    expect(body['search_parameters']).toMatchObject({ engine: 'google', gl: 'us', hl: 'en' });
  });

  it('a deferred overview holds only a page token and the link to fetch it with', async () => {
    const page = (await (await search({ q: 'Wire deferred overview' })).json()) as Record<string, any>;
    expect(Object.keys(page['ai_overview'])).toEqual(['page_token', 'serpapi_link']);
    const link = new URL(page['ai_overview'].serpapi_link);
    expect(`${link.origin}${link.pathname}`).toBe(`${simulator.url}/serpapi/search.json`);
    expect(link.searchParams.get('engine')).toBe('google_ai_overview');

    link.searchParams.set('api_key', 'test-key');
    const followUp = await fetch(link);
    expect(followUp.status).toBe(200);
    const body = (await followUp.json()) as Record<string, any>;
    expect(Object.keys(body)).toEqual(['search_metadata', 'search_parameters', 'ai_overview']);
    expect(body['search_parameters']).toEqual({ engine: 'google_ai_overview' });
    expect(body['ai_overview'].text_blocks[0].type).toBe('heading');
  });

  it('without an overview the page has results but no ai_overview; without results SerpApi says so in a 200', async () => {
    const noOverview = (await (await search({ q: 'Wire no overview' })).json()) as Record<string, any>;
    expect(noOverview['ai_overview']).toBeUndefined();
    expect(noOverview['organic_results']).toHaveLength(4);

    const noResults = await search({ q: 'Wire no results' });
    expect(noResults.status).toBe(200);
    const body = (await noResults.json()) as Record<string, any>;
    expect(body['error']).toBe("Google hasn't returned any results for this query.");
    expect(body['search_information']).toMatchObject({ organic_results_state: 'Fully empty' });
  });

  it('errors are {"error": …} with SerpApi’s status and wording', async () => {
    const expectError = async (response: Response, status: number): Promise<string> => {
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = (await response.json()) as Record<string, string>;
      expect(Object.keys(body)).toEqual(['error']);
      return body['error']!;
    };
    const invalidKey = 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key';
    expect(await expectError(await fetch(`${simulator.url}/serpapi/search.json?q=no+key`), 401)).toBe(invalidKey);
    expect(await expectError(await search({ q: 'wrong key', api_key: 'invalid-123' }), 401)).toBe(invalidKey);
    expect(await expectError(await search({ q: 'x', engine: 'bing_nonsense' }), 400)).toBe('Unsupported `bing_nonsense` search engine.');
    expect(await expectError(await search({ engine: 'google' }), 400)).toBe('Missing query `q` parameter.');
    expect(await expectError(await search({ engine: 'google_ai_overview' }), 400)).toBe('Missing query `page_token` parameter.');
    expect(await expectError(await search({ q: 'x [[simulate nope=1]]' }), 400)).toMatch(/nope/);

    const limited = await search({ q: 'Wire limit [[simulate status=429]]' });
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await expectError(limited, 429)).toMatch(/throughput/);
  });
});

describe('provider registry', () => {
  it('answers the ai-overview engine with this adapter when SerpApi has a key', () => {
    const catalogue = loadModelCatalogue({ catalogueFile: path.join(PROJECT_ROOT, 'core/catalogue/model-catalogue.json'), localModels: undefined });
    const providers = Object.fromEntries(
      PROVIDER_IDS.map((id) => [id, { apiKey: id === 'serpapi' ? 'key' : undefined, baseUrl: 'http://127.0.0.1:1' }]),
    ) as ConstructorParameters<typeof ProviderRegistry>[0]['providers'];
    const registry = new ProviderRegistry({ catalogue, providers, localModels: undefined, requestTimeoutMs: 1000 });
    expect(registry.engines()).toEqual(['ai-overview']);
    expect(registry.get('ai-overview')).toBeInstanceOf(AiOverviewProvider);
  });
});

describe('AI Overview locales', () => {
  it('offers 15 countries and 15 languages, us and en first', () => {
    expect(AI_OVERVIEW_COUNTRIES).toHaveLength(15);
    expect(AI_OVERVIEW_LANGUAGES).toHaveLength(15);
    expect(new Set(AI_OVERVIEW_COUNTRIES.map((country) => country.code)).size).toBe(15);
    expect(new Set(AI_OVERVIEW_LANGUAGES.map((language) => language.code)).size).toBe(15);
    expect(AI_OVERVIEW_COUNTRIES.slice(0, 4).map((country) => country.code)).toEqual(['us', 'uk', 'ca', 'au']);
    expect(AI_OVERVIEW_LANGUAGES[0]).toEqual({ code: 'en', name: 'English' });
  });

  it('knows SerpApi’s codes, in any case', () => {
    expect(isAiOverviewCountry('uk')).toBe(true);
    expect(isAiOverviewCountry('UK')).toBe(true);
    expect(isAiOverviewCountry('gb')).toBe(false);
    expect(isAiOverviewLanguage('pt-BR')).toBe(true);
    expect(isAiOverviewLanguage('xx')).toBe(false);
  });
});
