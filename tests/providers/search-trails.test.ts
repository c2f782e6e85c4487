import { describe, expect, it } from 'vitest';
import { simulatedSearch } from '../../simulator/simulated-search.ts';
import { resolvedSearchTrail } from '../../worker/jobs/redirect-resolution.ts';
import { SearchTrailCollector } from '../../worker/jobs/search-trail-collector.ts';
import { storableParts } from '../../worker/jobs/storable-parts.ts';
import type { AnswerPart, AnswerProvider } from '../../worker/providers/answer-provider.ts';
import { GeminiProvider } from '../../worker/providers/gemini/gemini-provider.ts';
import { OpenAiProvider } from '../../worker/providers/openai/openai-provider.ts';
import { AiOverviewProvider } from '../../worker/providers/serpapi/serpapi-provider.ts';
import { collectAnswer, testConnection, useProviderSimulator, withStubServer, type AnswerQuestion } from '../support/provider-harness.ts';

/**
 * Each provider's search trail end to end through its real SDK (or SerpApi's HTTP API) against the simulator, then
 * through the answer job's own steps: made storable, merged, and redirects followed within the time budget. What to
 * expect comes from the simulator's search plan, computed independently of the parsers.
 */
const simulator = useProviderSimulator();

async function trailOf(provider: AnswerProvider, question: AnswerQuestion, budgetMs?: number) {
  const { parts, error } = await collectAnswer(provider, question);
  expect(error).toBeUndefined();
  const collector = new SearchTrailCollector();
  async function* replay(): AsyncGenerator<AnswerPart> {
    yield* parts;
  }
  for await (const part of storableParts(replay())) if (part.type === 'search-trail') collector.add(part.queries, part.sources);
  const started = performance.now();
  const trail = await resolvedSearchTrail(collector.collected(), budgetMs === undefined ? {} : { budgetMs });
  return { trail, resolvedInMs: performance.now() - started, parts };
}

const urlsOf = (pages: { url: string }[]) => pages.map((page) => page.url).sort();

describe('search trails through the real SDKs', () => {
  it('OpenAI web search: every search call’s query, its pages retrieved, the annotated ones cited', async () => {
    const prompt = 'Best password manager tools for a small team?';
    const provider = new OpenAiProvider(testConnection('openai', simulator.baseUrls.openai));
    const { trail } = await trailOf(provider, { model: 'gpt-4o-mini', prompt, webSearch: true });
    const search = simulatedSearch(prompt);
    expect(trail.queries).toEqual(search.queries);
    expect(urlsOf(trail.sources.filter((source) => source.cited))).toEqual(urlsOf(search.cited));
    expect(urlsOf(trail.sources.filter((source) => !source.cited))).toEqual(urlsOf(search.retrievedOnly));
    expect(trail.sources.every((source) => source.retrieved && source.resolution === 'direct' && source.host === new URL(source.url).hostname)).toBe(true);
    // Cited first, then those only retrieved.
    expect(trail.sources.findIndex((source) => !source.cited)).toBe(search.cited.length);
    // A brand question also reaches the brands' own sites.
    expect(trail.sources.some((source) => source.host === 'www.vaultra.example')).toBe(true);
  });

  it('Perplexity: search_results retrieved, the pages the text marks [n] cited, no queries (it reports none)', async () => {
    const prompt = 'Which VPN vendors should I use for remote staff?';
    const provider = new OpenAiProvider(testConnection('perplexity', simulator.baseUrls.perplexity));
    const { trail, parts } = await trailOf(provider, { model: 'sonar', prompt });
    const search = simulatedSearch(prompt);
    const text = parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
    expect(text).toMatch(/\[1\]/);
    expect(trail.queries).toEqual([]);
    expect(urlsOf(trail.sources.filter((source) => source.cited))).toEqual(urlsOf(search.cited));
    expect(urlsOf(trail.sources.filter((source) => !source.cited))).toEqual(urlsOf(search.retrievedOnly));
  });

  it('AI Overview: the search itself, every reference retrieved, those its text blocks link cited', async () => {
    const prompt = 'How do solar panels work?';
    const provider = new AiOverviewProvider(testConnection('ai-overview', simulator.baseUrls.serpapi));
    const { trail } = await trailOf(provider, { model: 'google-ai-overview', prompt });
    expect(trail.queries).toEqual([prompt]);
    expect(trail.sources.map((source) => [source.host, source.cited])).toEqual([
      ['encyclopedia.example.org', true],
      ['docs.example.com', true],
      ['forum.example.net', true],
      ['reviews.example.net', false],
    ]);
  });

  it('Gemini: grounding queries and chunks, supports as citations, each redirect followed to the real page', async () => {
    const prompt = 'Best VPN tools for a small team?';
    const provider = new GeminiProvider(testConnection('gemini', simulator.baseUrls.gemini));
    const { trail } = await trailOf(provider, { model: 'gemini-2.0-flash', prompt, webSearch: true });
    const search = simulatedSearch(prompt);
    expect(trail.queries).toEqual(search.queries);
    expect(urlsOf(trail.sources.filter((source) => source.cited))).toEqual(urlsOf(search.cited));
    expect(urlsOf(trail.sources.filter((source) => !source.cited))).toEqual(urlsOf(search.retrievedOnly));
    for (const source of trail.sources) {
      expect(source).toMatchObject({ resolution: 'resolved', resolutionError: null, retrieved: true });
      expect(source.redirectUrl).toMatch(/\/gemini\/grounding-api-redirect\//);
      expect(source.host).toBe(new URL(source.url).hostname);
    }
  });

  it('Gemini: a redirect that fails or never answers is recorded with the provider’s label, within the time budget', async () => {
    const prompt = 'Best VPN tools for a small team? [[simulate broken-redirects=1]]';
    const provider = new GeminiProvider(testConnection('gemini', simulator.baseUrls.gemini));
    const budgetMs = 1_500;
    const { trail, resolvedInMs } = await trailOf(provider, { model: 'gemini-2.0-flash', prompt, webSearch: true }, budgetMs);
    // The hanging redirect costs the budget and no more (a margin for a busy machine).
    expect(resolvedInMs).toBeGreaterThanOrEqual(budgetMs - 50);
    expect(resolvedInMs).toBeLessThan(budgetMs + 2_000);
    const unresolved = trail.sources.filter((source) => source.resolution === 'unresolved');
    expect(unresolved.map((source) => [source.host, source.resolutionError])).toEqual(
      expect.arrayContaining([
        ['gone.example.com', 'HTTP 404 without a redirect'],
        ['slow.example.net', 'timeout'],
      ]),
    );
    for (const source of unresolved) expect(source.url).toBe(source.redirectUrl);
    // The others still resolved: one slow link does not cost the rest.
    const resolved = trail.sources.filter((source) => source.resolution === 'resolved');
    expect(resolved).toHaveLength(simulatedSearch('Best VPN tools for a small team?').cited.length + simulatedSearch('Best VPN tools for a small team?').retrievedOnly.length);
  });

  it('follows a relative Location, refuses a redirect to a script address, and keeps two links to one page once', async () => {
    const asked: string[] = [];
    await withStubServer(
      (request, response) => {
        asked.push(`${request.method} ${request.url}`);
        const target = { '/r/relative': '/pages/guide', '/r/script': 'javascript:alert(1)', '/r/a': 'https://one.example/page', '/r/b': 'https://one.example/page' }[request.url ?? ''];
        response.writeHead(target ? 302 : 200, target ? { location: target } : { 'content-type': 'text/html' });
        // A body the worker must not wait for: it is never read.
        response.write('<!doctype html>');
        if (!target) return;
        response.end();
      },
      async (baseUrl) => {
        const source = (path: string, cited: boolean) => ({ url: `${baseUrl}${path}`, title: null, retrieved: true, cited, redirect: true, label: 'label.example' });
        const trail = await resolvedSearchTrail({ queries: ['q'], sources: [source('/r/relative', false), source('/r/script', false), source('/r/a', false), source('/r/b', true), source('/r/none', false)] }, { budgetMs: 1_000 });
        expect(trail.sources.map((entry) => [entry.url, entry.resolution, entry.cited, entry.host, entry.resolutionError])).toEqual([
          // Two links to one page: once, cited because one of them was, and listed with the cited.
          ['https://one.example/page', 'resolved', true, 'one.example', null],
          [`${baseUrl}/pages/guide`, 'resolved', false, '127.0.0.1', null],
          [`${baseUrl}/r/script`, 'unresolved', false, 'label.example', 'redirect to an address that is not a web page'],
          [`${baseUrl}/r/none`, 'unresolved', false, 'label.example', 'HTTP 200 without a redirect'],
        ]);
        // One GET per link, never following it.
        expect(asked.sort()).toEqual(['GET /r/a', 'GET /r/b', 'GET /r/none', 'GET /r/relative', 'GET /r/script']);
      },
    );
  });
});
