import type { AnswerPart, AnswerSource, SearchedSource } from '../answer-provider.ts';

/**
 * The pages an AI Overview cites: its `references` (`[{title, link, snippet, source, index}]`). Each URL once, in
 * SerpApi's order; anything that is not an http(s) link is skipped rather than shown as a source.
 */
export function sourcesFromReferences(references: unknown): AnswerSource[] {
  const byUrl = new Map<string, AnswerSource>();
  if (!Array.isArray(references)) return [];
  for (const reference of references) {
    if (typeof reference !== 'object' || reference === null || Array.isArray(reference)) continue;
    const { link: url, title } = reference as { link?: unknown; title?: unknown };
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url) || byUrl.has(url)) continue;
    // Titles are snippets of page text; a stray line break inside one would break the list it is shown in.
    const cleanTitle = typeof title === 'string' ? title.replace(/\s+/g, ' ').trim() : '';
    byUrl.set(url, { url, title: cleanTitle || null });
  }
  return [...byUrl.values()];
}

/**
 * The overview's search trail: every reference was retrieved (Google lists it under the overview), and a reference
 * is cited when a text block (or a list item inside one, at any depth) names its `index` in `reference_indexes`.
 * Google runs the search Quorum sends (`q`) and shows none of its own fan-out, so that one query is the trail's.
 */
export function searchTrailFromOverview(aiOverview: Record<string, unknown>, query: string): Extract<AnswerPart, { type: 'search-trail' }> | null {
  const citedIndexes = new Set<number>();
  const visit = (blocks: unknown): void => {
    if (!Array.isArray(blocks)) return;
    for (const block of blocks) {
      if (typeof block !== 'object' || block === null) continue;
      const record = block as Record<string, unknown>;
      const indexes = record['reference_indexes'];
      if (Array.isArray(indexes)) for (const index of indexes) if (Number.isInteger(index)) citedIndexes.add(index as number);
      visit(record['list']);
      visit(record['text_blocks']);
    }
  };
  visit(aiOverview['text_blocks']);
  const references = Array.isArray(aiOverview['references']) ? aiOverview['references'] : [];
  const sources: SearchedSource[] = [];
  const titled = new Map(sourcesFromReferences(references).map((source) => [source.url, source.title]));
  for (const reference of references) {
    if (typeof reference !== 'object' || reference === null) continue;
    const { link, index } = reference as { link?: unknown; index?: unknown };
    if (typeof link !== 'string' || !titled.has(link)) continue;
    const cited = typeof index === 'number' && citedIndexes.has(index);
    const known = sources.find((source) => source.url === link);
    if (known) known.cited ||= cited;
    else sources.push({ url: link, title: titled.get(link) ?? null, retrieved: true, cited });
  }
  const queries = query.trim() === '' ? [] : [query.trim()];
  if (sources.length === 0 && queries.length === 0) return null;
  return { type: 'search-trail', queries, sources };
}
