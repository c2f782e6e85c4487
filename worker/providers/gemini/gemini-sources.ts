import type { GroundingChunk, GroundingMetadata } from '@google/genai';
import type { AnswerPart, AnswerSource, SearchedSource } from '../answer-provider.ts';

/**
 * Google Search grounding names the pages an answer rests on as `groundingMetadata.groundingChunks[].web`
 * (`uri` is a Google redirect link, `title` usually the site's domain). First mention of each URL only; chunks
 * that are not web pages (retrieved documents, maps places) are skipped.
 */
export function sourcesFromGrounding(chunks: readonly GroundingChunk[] | undefined): AnswerSource[] {
  const byUrl = new Map<string, AnswerSource>();
  for (const chunk of chunks ?? []) {
    const url = chunk.web?.uri;
    if (!url || byUrl.has(url)) continue;
    byUrl.set(url, { url, title: chunk.web?.title || null });
  }
  return [...byUrl.values()];
}

/** Google's grounding redirect host: every grounding link goes through it. */
const GROUNDING_REDIRECT_HOST = 'vertexaisearch.cloud.google.com';

/**
 * Whether a grounding link is one of Google's redirects, to be followed to the page it stands for. Only Google's
 * redirect host, or the configured Gemini endpoint's own host (the simulator serves its redirects there), is ever
 * followed: the worker never fetches an address a model's output could choose.
 */
export function isGroundingRedirect(url: string, providerBaseUrl?: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!parsed.pathname.includes('/grounding-api-redirect/')) return false;
  if (parsed.protocol === 'https:' && parsed.hostname === GROUNDING_REDIRECT_HOST) return true;
  if (!providerBaseUrl) return false;
  try {
    return parsed.host === new URL(providerBaseUrl).host;
  } catch {
    return false;
  }
}

/**
 * The search trail in one chunk's grounding metadata: `webSearchQueries` are the queries Google ran, every
 * `groundingChunks[].web` page was retrieved, and a page is cited when a `groundingSupports[]` entry (a span of the
 * answer's text) names its index in `groundingChunkIndices`. The page's `domain` (or its `title`, which Google sets
 * to the site's domain) is kept as its label for when the redirect cannot be followed.
 */
export function searchTrailFromGrounding(
  metadata: GroundingMetadata | undefined,
  isRedirect: (url: string) => boolean,
): Extract<AnswerPart, { type: 'search-trail' }> | null {
  if (!metadata) return null;
  const queries = (metadata.webSearchQueries ?? []).filter((query) => typeof query === 'string' && query.trim() !== '').map((query) => query.trim());
  const citedIndexes = new Set<number>();
  for (const support of metadata.groundingSupports ?? []) for (const index of support.groundingChunkIndices ?? []) citedIndexes.add(index);
  const sources: SearchedSource[] = [];
  (metadata.groundingChunks ?? []).forEach((chunk, index) => {
    const url = chunk.web?.uri;
    if (!url) return;
    const label = chunk.web?.domain || chunk.web?.title || null;
    sources.push({ url, title: chunk.web?.title || null, retrieved: true, cited: citedIndexes.has(index), redirect: isRedirect(url), label });
  });
  if (queries.length === 0 && sources.length === 0) return null;
  return { type: 'search-trail', queries, sources };
}
