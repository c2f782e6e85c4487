import type { GenerateContentResponse } from '@google/genai';
import type { Response } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { retrievalFigures } from '../../core/tracking/tracking-retrieval.ts';
import { siteRules, websiteDomain } from '../../core/tracking/site-matching.ts';
import type { SearchTrail } from '../../contract/search-trail.ts';
import { SearchTrailCollector } from '../../worker/jobs/search-trail-collector.ts';
import { isGroundingRedirect, searchTrailFromGrounding } from '../../worker/providers/gemini/gemini-sources.ts';
import { GeminiStreamReader } from '../../worker/providers/gemini/gemini-provider.ts';
import { searchTrailFromCompatibleChunk } from '../../worker/providers/openai/openai-compatible-sources.ts';
import { searchTrailFromResponse } from '../../worker/providers/openai/openai-sources.ts';
import { searchTrailFromOverview } from '../../worker/providers/serpapi/serpapi-sources.ts';

/** Payloads shaped as each provider sends them (field names from the SDKs' types and the vendors' references). */

describe('OpenAI Responses: web_search_call items and url_citation annotations', () => {
  const response = {
    output: [
      {
        id: 'ws_1',
        type: 'web_search_call',
        status: 'completed',
        action: { type: 'search', query: 'best crm small team', sources: [{ type: 'url', url: 'https://a.example/crm' }, { type: 'url', url: 'https://b.example/list' }] },
      },
      { id: 'ws_2', type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'crm pricing', queries: ['crm pricing', 'crm pricing 2025'] } },
      { id: 'ws_3', type: 'web_search_call', status: 'completed', action: { type: 'open_page', url: 'https://c.example/page' } },
      { id: 'ws_4', type: 'web_search_call', status: 'completed', action: { type: 'find_in_page', pattern: 'price', url: 'https://c.example/page' } },
      {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [
          {
            type: 'output_text',
            text: 'Try A.',
            annotations: [
              { type: 'url_citation', start_index: 0, end_index: 6, url: 'https://a.example/crm', title: 'A CRM' },
              { type: 'url_citation', start_index: 0, end_index: 6, url: 'https://d.example/cited-only', title: 'D' },
            ],
          },
        ],
      },
    ],
  } as unknown as Pick<Response, 'output'>;

  it('reads each query, every page a search returned or opened as retrieved, and the annotated ones as cited', () => {
    const trail = searchTrailFromResponse(response);
    expect(trail?.queries).toEqual(['best crm small team', 'crm pricing', 'crm pricing', 'crm pricing 2025']);
    expect(trail?.sources).toEqual([
      { url: 'https://a.example/crm', title: null, retrieved: true, cited: false },
      { url: 'https://b.example/list', title: null, retrieved: true, cited: false },
      { url: 'https://c.example/page', title: null, retrieved: true, cited: false },
      { url: 'https://a.example/crm', title: 'A CRM', retrieved: true, cited: true },
      { url: 'https://d.example/cited-only', title: 'D', retrieved: true, cited: true },
    ]);
  });

  it('merges repeats in the collector: each query once, a page cited once cited', () => {
    const collector = new SearchTrailCollector();
    const trail = searchTrailFromResponse(response)!;
    collector.add(trail.queries, trail.sources);
    const collected = collector.collected();
    expect(collected.queries).toEqual(['best crm small team', 'crm pricing', 'crm pricing 2025']);
    expect(collected.sources.find((source) => source.url === 'https://a.example/crm')).toMatchObject({ retrieved: true, cited: true, title: 'A CRM' });
    expect(collected.sources.filter((source) => source.cited).map((source) => source.url)).toEqual(['https://a.example/crm', 'https://d.example/cited-only']);
  });

  it('has no trail without a search or a citation', () => {
    expect(searchTrailFromResponse({ output: [] })).toBeNull();
  });
});

describe('Gemini grounding: webSearchQueries, groundingChunks and groundingSupports', () => {
  const metadata = {
    webSearchQueries: ['vpn for teams', ' vpn pricing '],
    groundingChunks: [
      { web: { uri: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQabc', title: 'vaultra.com', domain: 'vaultra.com' } },
      { web: { uri: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQdef', title: 'lockstep.io' } },
      { retrievedContext: { uri: 'gs://bucket/doc', title: 'a document' } },
    ],
    groundingSupports: [{ segment: { startIndex: 0, endIndex: 10, text: 'Vaultra is' }, groundingChunkIndices: [0], confidenceScores: [0.9] }],
  };

  it('marks every web chunk retrieved, the supported ones cited, and Google redirects for following', () => {
    const trail = searchTrailFromGrounding(metadata, (url) => isGroundingRedirect(url));
    expect(trail).toEqual({
      type: 'search-trail',
      queries: ['vpn for teams', 'vpn pricing'],
      sources: [
        { url: metadata.groundingChunks[0]!.web!.uri, title: 'vaultra.com', retrieved: true, cited: true, redirect: true, label: 'vaultra.com' },
        { url: metadata.groundingChunks[1]!.web!.uri, title: 'lockstep.io', retrieved: true, cited: false, redirect: true, label: 'lockstep.io' },
      ],
    });
  });

  it('follows only Google redirect links or the configured endpoint’s own, never another address', () => {
    expect(isGroundingRedirect('https://vertexaisearch.cloud.google.com/grounding-api-redirect/x')).toBe(true);
    expect(isGroundingRedirect('http://vertexaisearch.cloud.google.com/grounding-api-redirect/x')).toBe(false);
    expect(isGroundingRedirect('https://evil.example/grounding-api-redirect/x')).toBe(false);
    expect(isGroundingRedirect('http://127.0.0.1:9/gemini/grounding-api-redirect/x', 'http://127.0.0.1:9/gemini')).toBe(true);
    expect(isGroundingRedirect('http://127.0.0.1:9/elsewhere', 'http://127.0.0.1:9/gemini')).toBe(false);
  });

  it('yields the trail from the stream reader with the chunk that carries the metadata', () => {
    const reader = new GeminiStreamReader();
    const chunk = { candidates: [{ content: { role: 'model', parts: [{ text: 'Vaultra is good.' }] }, finishReason: 'STOP', groundingMetadata: metadata }] };
    const parts = [...reader.read(chunk as unknown as GenerateContentResponse)];
    expect(parts.find((part) => part.type === 'search-trail')).toMatchObject({ queries: ['vpn for teams', 'vpn pricing'] });
  });
});

describe('Perplexity: search_results retrieved, [n] markers cited', () => {
  const chunk = {
    citations: ['https://a.example/1', 'https://b.example/2', 'https://c.example/3'],
    search_results: [
      { title: 'A', url: 'https://a.example/1', date: '2025-01-01' },
      { title: 'B', url: 'https://b.example/2', date: null },
      { title: 'C', url: 'https://c.example/3' },
    ],
  };

  it('cites exactly the pages the text marks, counting from 1', () => {
    const trail = searchTrailFromCompatibleChunk(chunk, 'A is good [1]. C too [3][3]. Not [9].');
    expect(trail).toEqual({
      type: 'search-trail',
      queries: [],
      sources: [
        { url: 'https://a.example/1', title: 'A', retrieved: true, cited: true },
        { url: 'https://b.example/2', title: 'B', retrieved: true, cited: false },
        { url: 'https://c.example/3', title: 'C', retrieved: true, cited: true },
      ],
    });
  });

  it('has no trail for a vendor that lists no pages', () => {
    expect(searchTrailFromCompatibleChunk({ choices: [] }, 'text [1]')).toBeNull();
  });
});

describe('AI Overview: references retrieved, reference_indexes cited', () => {
  it('reads cited indexes from text blocks and nested list items', () => {
    const overview = {
      text_blocks: [
        { type: 'paragraph', snippet: 'One', reference_indexes: [0] },
        { type: 'list', list: [{ snippet: 'Two', reference_indexes: [2] }, { snippet: 'Nested', list: [{ snippet: 'Deep', reference_indexes: [2] }] }] },
      ],
      references: [
        { title: 'Zero', link: 'https://zero.example/', snippet: '…', source: 'Zero', index: 0 },
        { title: 'One', link: 'https://one.example/', snippet: '…', source: 'One', index: 1 },
        { title: 'Two', link: 'https://two.example/', snippet: '…', source: 'Two', index: 2 },
        { title: 'Bad', link: 'javascript:alert(1)', index: 3 },
      ],
    };
    expect(searchTrailFromOverview(overview, 'best vpn')).toEqual({
      type: 'search-trail',
      queries: ['best vpn'],
      sources: [
        { url: 'https://zero.example/', title: 'Zero', retrieved: true, cited: true },
        { url: 'https://one.example/', title: 'One', retrieved: true, cited: false },
        { url: 'https://two.example/', title: 'Two', retrieved: true, cited: true },
      ],
    });
  });
});

describe('a set’s retrieval figures', () => {
  const brand = { brandName: 'Vaultra', websiteUrl: 'https://www.vaultra.example', competitors: ['Lockstep', 'Merrick & Hale'] };
  const page = (host: string, retrieved: boolean, cited: boolean) => ({
    url: `https://${host}/`,
    title: null,
    host,
    retrieved,
    cited,
    resolution: 'direct' as const,
    redirectUrl: null,
    resolutionError: null,
  });
  const trail = (queries: string[], sources: SearchTrail['sources']): SearchTrail => ({ queries, sources });

  it('matches the brand by its website and competitors by name in a host label', () => {
    expect(websiteDomain('https://www.vaultra.example/about')).toBe('vaultra.example');
    expect(websiteDomain('vaultra.example')).toBe('vaultra.example');
    const [own, lockstep, merrick] = siteRules(brand);
    expect(own!.matches('docs.vaultra.example')).toBe(true);
    expect(own!.matches('notvaultra.example')).toBe(false);
    expect(lockstep!.matches('www.lockstep.io')).toBe(true);
    expect(lockstep!.matches('lockstep-reviews.example')).toBe(false);
    expect(merrick!.matches('merrick-hale.co.uk')).toBe(true);
  });

  it('counts answers, not pages, and lists the queries that found only competitors', () => {
    const rows = [
      { prompt: 'best vpn', search_trail: trail(['vpn a', 'vpn b'], [page('www.vaultra.example', true, true), page('docs.vaultra.example', true, false), page('lockstep.io', true, false)]) },
      { prompt: 'best vpn', search_trail: trail(['vpn a'], [page('lockstep.io', true, true)]) },
      { prompt: 'best vpn', search_trail: trail(['vpn c'], [page('www.vaultra.example', true, false)]) },
      { prompt: 'vpn for teams', search_trail: trail([], [page('news.example', true, true)]) },
    ];
    const figures = retrievalFigures(rows, brand, 30);
    expect(figures.searchedAnswers).toBe(4);
    expect(figures.answersWithQueries).toBe(3);
    const [own, lockstep, merrick] = figures.sites;
    expect(own).toMatchObject({ name: 'Vaultra', isBrand: true, matchedBy: 'website', hosts: ['www.vaultra.example', 'docs.vaultra.example'] });
    expect(own!.retrieved).toMatchObject({ count: 2, readings: 4, rate: 50 });
    expect(own!.cited).toMatchObject({ count: 1, readings: 4, rate: 25 });
    expect(own!.citedWhenRetrieved).toMatchObject({ count: 1, readings: 2, rate: 50 });
    expect(own!.retrieved.low!).toBeLessThan(50);
    expect(own!.retrieved.high!).toBeGreaterThan(50);
    expect(lockstep!.retrieved).toMatchObject({ count: 2, readings: 4 });
    expect(lockstep!.cited).toMatchObject({ count: 1 });
    expect(merrick!.retrieved).toMatchObject({ count: 0, readings: 4, rate: 0 });
    expect(figures.competitorOnlyQueries).toEqual([{ query: 'vpn a', prompt: 'best vpn', competitors: ['Lockstep'], answers: 1 }]);
    expect(figures.fanOut).toEqual([
      { prompt: 'best vpn', answers: 3, queriesPerAnswer: 1.3, queries: [{ query: 'vpn a', answers: 2 }, { query: 'vpn b', answers: 1 }, { query: 'vpn c', answers: 1 }] },
      { prompt: 'vpn for teams', answers: 1, queriesPerAnswer: null, queries: [] },
    ]);
  });
});
