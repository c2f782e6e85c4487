import type { HistoryItem } from '../../../contract/history.ts';
import { apiCall } from './http-client.ts';

/**
 * `GET /api/requests/:id`: one of your questions with its results, as the history shows it: what the page opens
 * when another version of an edited question is picked. Apart from the thread call, so the first paint skips it.
 */
export const fetchRequest = (requestId: string, signal?: AbortSignal) => apiCall<HistoryItem>(`/api/requests/${encodeURIComponent(requestId)}`, { signal });
