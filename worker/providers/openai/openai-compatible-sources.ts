import type { AnswerPart, AnswerSource, SearchedSource } from '../answer-provider.ts';

/**
 * Perplexity's chat completion chunks carry the pages it searched in two fields the OpenAI SDK does not declare
 * (it passes them through): `citations`, a list of URLs, and `search_results`, `[{title, url, date}]`. This reads
 * both off a raw chunk: every cited URL, titled from its search result when there is one; search results that are
 * not in `citations` follow. Anything malformed is skipped rather than trusted. Other vendors send neither: [].
 */
export function sourcesFromCompatibleChunk(chunk: unknown): AnswerSource[] {
  if (typeof chunk !== 'object' || chunk === null) return [];
  const { citations, search_results: searchResults } = chunk as { citations?: unknown; search_results?: unknown };

  const titles = new Map<string, string | null>();
  if (Array.isArray(searchResults)) {
    for (const result of searchResults) {
      if (typeof result !== 'object' || result === null) continue;
      const { url, title } = result as { url?: unknown; title?: unknown };
      if (!isWebUrl(url) || titles.has(url)) continue;
      titles.set(url, typeof title === 'string' && title.trim() !== '' ? title : null);
    }
  }

  const sources = new Map<string, AnswerSource>();
  if (Array.isArray(citations)) {
    for (const url of citations) {
      if (isWebUrl(url) && !sources.has(url)) sources.set(url, { url, title: titles.get(url) ?? null });
    }
  }
  for (const [url, title] of titles) {
    if (!sources.has(url)) sources.set(url, { url, title });
  }
  return [...sources.values()];
}

/** Only http(s) links are worth showing a user as a source. */
function isWebUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\/\S+$/i.test(value);
}

/**
 * Perplexity's search trail, read once the answer is whole: every page in `search_results` (or, failing that,
 * `citations`) was retrieved, and the answer cites page n with a `[n]` marker (counting from 1 in `citations`, which
 * lists the same pages in the same order). Perplexity does not say which queries it ran (its usage only counts
 * them), so the trail has none. Null when the chunk names no page.
 */
export function searchTrailFromCompatibleChunk(chunk: unknown, answerText: string): Extract<AnswerPart, { type: 'search-trail' }> | null {
  if (typeof chunk !== 'object' || chunk === null) return null;
  const { citations } = chunk as { citations?: unknown };
  const retrieved = sourcesFromCompatibleChunk(chunk);
  if (retrieved.length === 0) return null;
  const numbered = Array.isArray(citations) ? citations.filter(isWebUrl) : retrieved.map((source) => source.url);
  const citedUrls = new Set<string>();
  for (const match of answerText.matchAll(/\[(\d{1,3})\]/g)) {
    const url = numbered[Number(match[1]) - 1];
    if (url) citedUrls.add(url);
  }
  return {
    type: 'search-trail',
    queries: [],
    sources: retrieved.map((source): SearchedSource => ({ ...source, retrieved: true, cited: citedUrls.has(source.url) })),
  };
}
