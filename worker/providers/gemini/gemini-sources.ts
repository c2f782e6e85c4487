import type { GroundingChunk } from '@google/genai';
import type { AnswerSource } from '../answer-provider.ts';

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
