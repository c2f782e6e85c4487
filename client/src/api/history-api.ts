import type { HistoryDeleted, HistoryEntry, HistoryItem, HistoryList } from '../../../contract/history.ts';
import { HISTORY_DEFAULT_LIMIT } from '../../../contract/limits.ts';
import { apiCall } from './http-client.ts';

export type { RequestKind } from '../../../contract/ask.ts';
export type { HistoryList, HistoryResult } from '../../../contract/history.ts';
/** A past request (one question, a turn of a conversation): the contract's history item, under the name the views use. */
export type HistoryRequest = HistoryItem;
/** A history entry: a conversation, its own fields its first question's, with every turn in `turns`, oldest first. */
export type HistoryConversation = HistoryEntry;

export interface HistoryPageQuery {
  limit?: number;
  /** How many conversations to skip, the most recently active first: the next page starts where the last ended. */
  offset?: number;
  /** Only conversations with a question containing this text. */
  search?: string;
}

/** `GET /api/user-requests`: a page of the history, one entry per conversation, the most recently active first. */
export function fetchHistory({ limit = HISTORY_DEFAULT_LIMIT, offset = 0, search = '' }: HistoryPageQuery = {}, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (offset > 0) params.set('offset', String(offset));
  if (search.trim() !== '') params.set('search', search.trim());
  return apiCall<HistoryList>(`/api/user-requests?${params}`, signal ? { signal } : {});
}

/** `DELETE /api/user-requests/:id`: removes a conversation (every turn, with its regenerated versions), named by its first question. */
export const deleteHistoryRequest = (id: string) => apiCall<HistoryDeleted>(`/api/user-requests/${encodeURIComponent(id)}`, { method: 'DELETE' });
