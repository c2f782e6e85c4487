import { describe, expect, it } from 'vitest';
import { sourcesFromCompatibleChunk } from '../../worker/providers/openai/openai-compatible-sources.ts';

describe('sourcesFromCompatibleChunk (Perplexity citations)', () => {
  it('titles each cited URL from its search result', () => {
    const chunk = {
      citations: ['https://a.example/1', 'https://b.example/2'],
      search_results: [
        { title: 'B', url: 'https://b.example/2', date: '2025-01-02' },
        { title: 'A', url: 'https://a.example/1', date: null },
      ],
    };
    expect(sourcesFromCompatibleChunk(chunk)).toEqual([
      { url: 'https://a.example/1', title: 'A' },
      { url: 'https://b.example/2', title: 'B' },
    ]);
  });

  it('gives citations without a search result a null title', () => {
    expect(sourcesFromCompatibleChunk({ citations: ['https://a.example/1'] })).toEqual([{ url: 'https://a.example/1', title: null }]);
  });

  it('keeps search results missing from citations, after the citations', () => {
    const chunk = { citations: ['https://a.example/1'], search_results: [{ title: 'Only here', url: 'https://c.example/3' }] };
    expect(sourcesFromCompatibleChunk(chunk)).toEqual([
      { url: 'https://a.example/1', title: null },
      { url: 'https://c.example/3', title: 'Only here' },
    ]);
  });

  it('drops duplicates, non-web links and malformed entries', () => {
    const chunk = {
      citations: ['https://a.example/1', 'https://a.example/1', 'javascript:alert(1)', 42, null],
      search_results: [null, 'x', { url: 7, title: 'bad' }, { url: 'https://a.example/1', title: '  ' }],
    };
    expect(sourcesFromCompatibleChunk(chunk)).toEqual([{ url: 'https://a.example/1', title: null }]);
  });

  it('finds nothing on an ordinary OpenAI chunk or on junk', () => {
    expect(sourcesFromCompatibleChunk({ id: 'chatcmpl-1', choices: [] })).toEqual([]);
    expect(sourcesFromCompatibleChunk({ citations: 'https://a.example/1' })).toEqual([]);
    expect(sourcesFromCompatibleChunk(null)).toEqual([]);
    expect(sourcesFromCompatibleChunk('chunk')).toEqual([]);
  });
});
