import { SEARCH_QUERY_MAX_LENGTH, type SearchRequest } from '../../api/search-contract.ts';
import { OPENAI_ENGINE, type OpenAiModel } from '../../models/openai-models.ts';

export const EMPTY_QUERY_MESSAGE = 'Please enter a question';

/**
 * Cuts typed or pasted text to the limit, as the textarea's `maxLength` does, without splitting an emoji or other
 * character made of two UTF-16 units (the server counts length the same way, in UTF-16 units).
 */
export function limitQueryLength(text: string, maxLength = SEARCH_QUERY_MAX_LENGTH): string {
  if (text.length <= maxLength) return text;
  const lastKept = text.charCodeAt(maxLength - 1);
  const endsInsidePair = lastKept >= 0xd800 && lastKept <= 0xdbff;
  return text.slice(0, endsInsidePair ? maxLength - 1 : maxLength);
}

/** The message to show instead of asking, or null when the query can be sent. */
export function validateQuery(query: string): string | null {
  return query.trim() === '' ? EMPTY_QUERY_MESSAGE : null;
}

export function buildSearchRequest(query: string, model: OpenAiModel): SearchRequest {
  return { query: query.trim(), model: OPENAI_ENGINE.id, specificModel: model, searchEnabled: false };
}
