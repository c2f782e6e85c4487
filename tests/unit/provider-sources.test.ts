import type { CitationsDelta } from '@anthropic-ai/sdk/resources/messages';
import type { Response } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { sourcesFromCitation } from '../../worker/providers/anthropic/anthropic-sources.ts';
import { CitedSources } from '../../worker/providers/cited-sources.ts';
import { sourcesFromAnnotation, sourcesFromResponseOutput } from '../../worker/providers/openai/openai-sources.ts';
import { sourcesFromReferences } from '../../worker/providers/serpapi/serpapi-sources.ts';

describe('CitedSources', () => {
  it('lets each URL through once, in order, across calls', () => {
    const cited = new CitedSources();
    expect(cited.add([{ url: 'https://a.example/', title: 'A' }, { url: 'https://a.example/', title: 'A again' }])).toEqual([
      { url: 'https://a.example/', title: 'A' },
    ]);
    expect(cited.add([{ url: 'https://b.example/', title: null }, { url: 'https://a.example/', title: 'A' }])).toEqual([
      { url: 'https://b.example/', title: null },
    ]);
  });
});

describe('Anthropic citations', () => {
  const webResult = (url: string, title: string | null): CitationsDelta => ({
    type: 'citations_delta',
    citation: { type: 'web_search_result_location', url, title, cited_text: 'quoted', encrypted_index: 'x' },
  });

  it('turns a web search result citation into a source, an empty title into null', () => {
    expect(sourcesFromCitation(webResult('https://docs.example/page', 'Docs'))).toEqual([{ url: 'https://docs.example/page', title: 'Docs' }]);
    expect(sourcesFromCitation(webResult('https://docs.example/page', ''))).toEqual([{ url: 'https://docs.example/page', title: null }]);
  });

  it('gives no source for citations of the request’s own documents, or links that are not web pages', () => {
    const document: CitationsDelta = {
      type: 'citations_delta',
      citation: {
        type: 'char_location',
        cited_text: 'quoted',
        document_index: 0,
        document_title: 'Attached',
        start_char_index: 0,
        end_char_index: 6,
        file_id: null,
      },
    };
    expect(sourcesFromCitation(document)).toEqual([]);
    expect(sourcesFromCitation(webResult('javascript:alert(1)', 'Nope'))).toEqual([]);
  });
});

describe('OpenAI Responses citations', () => {
  it('reads url_citation annotations and skips file citations', () => {
    expect(sourcesFromAnnotation({ type: 'url_citation', url: 'https://a.example/', title: 'A', start_index: 0, end_index: 1 })).toEqual([
      { url: 'https://a.example/', title: 'A' },
    ]);
    expect(sourcesFromAnnotation({ type: 'file_citation', file_id: 'file_1', filename: 'f.txt', index: 0 })).toEqual([]);
    expect(sourcesFromAnnotation(undefined)).toEqual([]);
  });

  it('collects every citation in the finished output, repeats included, from output text only', () => {
    const output = [
      { type: 'web_search_call', id: 'ws_1', status: 'completed' },
      {
        type: 'message',
        content: [
          {
            type: 'output_text',
            text: 'Two passages',
            annotations: [
              { type: 'url_citation', url: 'https://a.example/', title: 'A', start_index: 0, end_index: 3 },
              { type: 'url_citation', url: 'https://a.example/', title: 'A', start_index: 4, end_index: 8 },
              { type: 'url_citation', url: 'https://b.example/', title: '', start_index: 9, end_index: 12 },
            ],
          },
          { type: 'refusal', refusal: 'no' },
        ],
      },
    ] as unknown as Response['output'];
    expect(sourcesFromResponseOutput({ output })).toEqual([
      { url: 'https://a.example/', title: 'A' },
      { url: 'https://a.example/', title: 'A' },
      { url: 'https://b.example/', title: null },
    ]);
  });
});

describe('SerpApi references', () => {
  it('keeps http(s) links once each, with tidied titles', () => {
    expect(
      sourcesFromReferences([
        { title: 'Caching\n  explained ', link: 'https://a.example/cache', source: 'A' },
        { title: 'Same page', link: 'https://a.example/cache' },
        { title: '', link: 'http://b.example/' },
        { title: 'Not a page', link: 'ftp://c.example/file' },
        { title: 'No link' },
        'not a reference',
        null,
      ]),
    ).toEqual([
      { url: 'https://a.example/cache', title: 'Caching explained' },
      { url: 'http://b.example/', title: null },
    ]);
  });

  it('reads nothing from something that is not a list', () => {
    expect(sourcesFromReferences(undefined)).toEqual([]);
    expect(sourcesFromReferences({ link: 'https://a.example/' })).toEqual([]);
  });
});
