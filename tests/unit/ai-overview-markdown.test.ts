import { describe, expect, it } from 'vitest';
import { readAiOverviewResponse, renderAiOverview, wordPieces } from '../../worker/providers/serpapi/ai-overview-markdown.ts';

/** Shaped like the "typical result" in SerpApi's AI Overview documentation. */
const documentedOverview = {
  text_blocks: [
    {
      type: 'paragraph',
      snippet: 'Drop shipping is a retail method where a company sells products online without keeping them in stock.',
      snippet_highlighted_words: ['a retail method where a company sells products online without keeping them in stock'],
      reference_indexes: [0, 2],
    },
    { type: 'paragraph', snippet: 'Here are some steps to start a drop shipping business:', reference_indexes: [4] },
    {
      type: 'list',
      list: [
        { snippet: 'Identify a niche: Choose a specific market to target.', reference_indexes: [4] },
        { snippet: 'Select a supplier: Find a reliable supplier.', reference_indexes: [2, 4] },
      ],
    },
  ],
  thumbnail: 'https://serpapi.com/searches/abc/images/def.jpeg',
  references: [
    { title: 'What is dropshipping?', link: 'https://www.shopify.com/blog/what-is-dropshipping', snippet: 'Dropshipping is…', source: 'Shopify', index: 0 },
    { title: 'Dropshipping', link: 'https://en.wikipedia.org/wiki/Drop_shipping', snippet: 'Drop shipping is…', source: 'Wikipedia', index: 1 },
  ],
};

describe('renderAiOverview', () => {
  it('renders paragraphs and lists as markdown, and references as sources', () => {
    expect(renderAiOverview(documentedOverview)).toEqual({
      markdown: [
        'Drop shipping is a retail method where a company sells products online without keeping them in stock.',
        'Here are some steps to start a drop shipping business:',
        '- Identify a niche: Choose a specific market to target.\n- Select a supplier: Find a reliable supplier.',
      ].join('\n\n'),
      sources: [
        { url: 'https://www.shopify.com/blog/what-is-dropshipping', title: 'What is dropshipping?' },
        { url: 'https://en.wikipedia.org/wiki/Drop_shipping', title: 'Dropshipping' },
      ],
      // The overview as SerpApi sent it, kept for the search trail (which references the text cites).
      raw: documentedOverview,
    });
  });

  it('renders headings, titled items and nested lists', () => {
    const overview = {
      text_blocks: [
        { type: 'heading', snippet: 'Ways to cache' },
        {
          type: 'list',
          list: [
            {
              title: 'In memory',
              snippet: 'Fastest, lost on restart.',
              list: [{ snippet: 'A map in the process' }, { title: 'Redis', snippet: 'Shared between processes', list: [{ snippet: 'Cluster mode' }] }],
            },
            { title: 'On disk:', snippet: 'Survives restarts.' },
            { title: 'CDN' },
            // An item that only groups a nested list adds no empty bullet.
            { list: [{ snippet: 'Grouped child' }] },
          ],
        },
      ],
    };
    expect(renderAiOverview(overview)?.markdown).toBe(
      [
        '### Ways to cache',
        [
          '- **In memory**: Fastest, lost on restart.',
          '  - A map in the process',
          '  - **Redis**: Shared between processes',
          '    - Cluster mode',
          '- **On disk:** Survives restarts.',
          '- **CDN**',
          '- Grouped child',
        ].join('\n'),
      ].join('\n\n'),
    );
  });

  it('renders expandable sections, tables and comparisons', () => {
    const overview = {
      text_blocks: [
        {
          type: 'expandable',
          title: 'How it works',
          text_blocks: [{ type: 'paragraph', snippet: 'Requests check the cache first.' }],
        },
        { type: 'table', table: [['Tier', 'Latency'], ['Memory', '100 ns'], ['Disk | SSD', '100 µs']] },
        {
          type: 'comparison',
          product_labels: ['Redis', 'Memcached'],
          comparison: [{ feature: 'Persistence', values: ['Yes', 'No'] }],
        },
      ],
    };
    expect(renderAiOverview(overview)?.markdown).toBe(
      [
        '### How it works',
        'Requests check the cache first.',
        '| Tier | Latency |\n| --- | --- |\n| Memory | 100 ns |\n| Disk \\| SSD | 100 µs |',
        '| Feature | Redis | Memcached |\n| --- | --- | --- |\n| Persistence | Yes | No |',
      ].join('\n\n'),
    );
  });

  it('keeps the text of block types it does not know, tidies whitespace and skips empty blocks', () => {
    const overview = {
      text_blocks: [
        { type: 'video', video: { link: 'https://example.com/v' } },
        { type: 'paragraph', snippet: '   ' },
        { type: 'code_snippet', snippet: 'Some  text\nover two lines ' },
        'not a block',
      ],
    };
    expect(renderAiOverview(overview)?.markdown).toBe('Some text over two lines');
  });

  it('keeps only web references, once each, with a null title when there is none', () => {
    const overview = {
      text_blocks: [{ type: 'paragraph', snippet: 'Text.' }],
      references: [
        { link: 'https://a.example/1', title: '' },
        { link: 'https://a.example/1', title: 'Duplicate' },
        { link: 'javascript:alert(1)', title: 'Not a page' },
        { title: 'No link' },
        { link: 'http://b.example/2', title: 'B' },
      ],
    };
    expect(renderAiOverview(overview)?.sources).toEqual([
      { url: 'https://a.example/1', title: null },
      { url: 'http://b.example/2', title: 'B' },
    ]);
  });

  it('has nothing to render without text blocks', () => {
    expect(renderAiOverview(undefined)).toBeUndefined();
    expect(renderAiOverview({ references: [] })).toBeUndefined();
    expect(renderAiOverview({ text_blocks: [{ type: 'paragraph', snippet: '' }] })).toBeUndefined();
  });
});

describe('readAiOverviewResponse', () => {
  it('finds the overview in a results page', () => {
    const outcome = readAiOverviewResponse({ search_metadata: { status: 'Success' }, ai_overview: documentedOverview });
    expect(outcome.kind).toBe('overview');
  });

  it('asks for the follow-up request when the overview only has a page token', () => {
    expect(readAiOverviewResponse({ ai_overview: { page_token: 'abc', serpapi_link: 'https://serpapi.com/search.json?engine=google_ai_overview&page_token=abc' } })).toEqual({
      kind: 'deferred',
      pageToken: 'abc',
    });
  });

  it('prefers text already present over a page token', () => {
    expect(readAiOverviewResponse({ ai_overview: { ...documentedOverview, page_token: 'abc' } }).kind).toBe('overview');
  });

  it('reports no overview for a page without one, an error, or an empty overview', () => {
    expect(readAiOverviewResponse({ organic_results: [] })).toEqual({ kind: 'none', reason: 'the results have no ai_overview' });
    expect(readAiOverviewResponse({ error: "Google hasn't returned any results for this query." })).toEqual({
      kind: 'none',
      reason: "Google hasn't returned any results for this query.",
    });
    expect(readAiOverviewResponse({ ai_overview: { error: 'Token expired.' } })).toEqual({ kind: 'none', reason: 'Token expired.' });
    expect(readAiOverviewResponse({ ai_overview: { text_blocks: [] } }).kind).toBe('none');
    expect(readAiOverviewResponse(['not', 'an', 'object']).kind).toBe('none');
    expect(readAiOverviewResponse(null).kind).toBe('none');
  });
});

describe('wordPieces', () => {
  it('splits into one word each, with the whitespace after it, joining back exactly', () => {
    const markdown = '### Title\n\nOne two.\n\n- a\n  - b';
    const pieces = wordPieces(markdown);
    expect(pieces).toEqual(['### ', 'Title\n\n', 'One ', 'two.\n\n', '- ', 'a\n  ', '- ', 'b']);
    expect(pieces.join('')).toBe(markdown);
  });

  it('keeps leading whitespace and handles empty text', () => {
    expect(wordPieces('  indented').join('')).toBe('  indented');
    expect(wordPieces('')).toEqual([]);
  });
});
