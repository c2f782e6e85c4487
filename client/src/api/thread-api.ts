import type { RequestThread } from '../../../contract/thread.ts';
import type { HistoryItem } from '../../../contract/history.ts';
import { apiCall } from './http-client.ts';

export type { RequestThread };

/** `GET /api/requests/:id/thread`: the earlier questions and answers a follow-up continues, oldest first. */
export const fetchThread = (requestId: string, signal?: AbortSignal) => apiCall<RequestThread>(`/api/requests/${encodeURIComponent(requestId)}/thread`, { signal });

/** `GET /api/requests/:id`: one of your questions with its results, as the history shows it (another version's branch). */
export const fetchRequest = (requestId: string, signal?: AbortSignal) => apiCall<HistoryItem>(`/api/requests/${encodeURIComponent(requestId)}`, { signal });
