import type { AnswerSource } from '../answer-provider.ts';

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
