import { simulatedSearch } from './simulated-search.ts';

/**
 * Perplexity extends OpenAI's chat completion (and every streamed chunk) with the pages it searched: `citations`, a
 * list of URLs, and `search_results`, the same pages with title and date, in the same order. Its text cites page n
 * with a `[n]` marker; pages it retrieved and did not use are listed with no marker. The OpenAI SDK passes these
 * unknown fields through untouched. Other OpenAI-compatible vendors send neither, so only requests under
 * `/perplexity/` get them.
 */
export function vendorSearchFields(path: string, prompt: string, sample = 0): Record<string, unknown> {
  if (!path.startsWith('/perplexity/')) return {};
  const search = simulatedSearch(prompt, sample);
  const pages = [...search.cited, ...search.retrievedOnly];
  return {
    citations: pages.map((page) => page.url),
    search_results: pages.map((page) => ({ title: page.title, url: page.url, date: page.date })),
  };
}

/** How many of Perplexity's listed pages its text cites: the first ones (`vendorSearchFields` lists cited first). */
export function citedPageCount(path: string, prompt: string, sample = 0): number {
  return path.startsWith('/perplexity/') ? simulatedSearch(prompt, sample).cited.length : 0;
}

/**
 * The answer with Perplexity's markers: the pieces are split into consecutive groups, and the last piece of group
 * k ends with `[k]` (before its trailing whitespace), so each cited page is marked once, where its passage ends.
 */
export function withCitationMarkers(pieces: readonly string[], cited: number): string[] {
  if (cited === 0 || pieces.length === 0) return [...pieces];
  const marked = [...pieces];
  const groups = Math.min(cited, pieces.length);
  for (let group = 0; group < groups; group += 1) {
    const last = Math.floor(((group + 1) * pieces.length) / groups) - 1;
    const piece = marked[last] ?? '';
    const trimmed = piece.trimEnd();
    marked[last] = `${trimmed} [${group + 1}]${piece.slice(trimmed.length)}`;
  }
  return marked;
}
