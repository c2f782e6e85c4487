import type { CitationsDelta } from '@anthropic-ai/sdk/resources/messages';
import type { AnswerSource } from '../answer-provider.ts';

/**
 * Anthropic streams a citation as a `citations_delta` on the text block it supports. Only a web search result
 * (`web_search_result_location`) names a web page; citations of documents the request itself carried (character,
 * page or block locations) are not pages a reader could open, so they give no source. Quorum asks Anthropic for
 * no web search today, so answers carry none; this keeps any that arrive rather than dropping them.
 */
export function sourcesFromCitation(delta: CitationsDelta): AnswerSource[] {
  const citation = delta.citation;
  if (citation.type !== 'web_search_result_location' || !/^https?:\/\//i.test(citation.url)) return [];
  return [{ url: citation.url, title: citation.title || null }];
}
