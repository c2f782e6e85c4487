import type { AnswerSource } from '../answer-provider.ts';

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
