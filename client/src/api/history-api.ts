import type { HistoryDeleted, HistoryItem, HistoryList } from '../../../contract/history.ts';
import { HISTORY_DEFAULT_LIMIT } from '../../../contract/limits.ts';
import { apiCall } from './http-client.ts';

export type { RequestKind } from '../../../contract/ask.ts';
export type { HistoryList, HistoryResult } from '../../../contract/history.ts';
/** A past request as the history lists it: the contract's history item, under the name the views use. */
export type HistoryRequest = HistoryItem;

export interface HistoryPageQuery {
  limit?: number;
  /** How many of the newest to skip: the next page starts where the last ended. */
  offset?: number;
  /** Only questions containing this text. */
  search?: string;
}

/** `GET /api/user-requests`: a page of the history, newest first. */
export function fetchHistory({ limit = HISTORY_DEFAULT_LIMIT, offset = 0, search = '' }: HistoryPageQuery = {}, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (offset > 0) params.set('offset', String(offset));
  if (search.trim() !== '') params.set('search', search.trim());
  return apiCall<HistoryList>(`/api/user-requests?${params}`, signal ? { signal } : {});
}

/** `DELETE /api/user-requests/:id`: removes a request (with its regenerated versions) from the history. */
export const deleteHistoryRequest = (id: string) => apiCall<HistoryDeleted>(`/api/user-requests/${encodeURIComponent(id)}`, { method: 'DELETE' });
