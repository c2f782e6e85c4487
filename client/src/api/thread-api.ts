import type { RequestThread } from '../../../contract/thread.ts';
import { apiCall } from './http-client.ts';

export type { RequestThread };

/** `GET /api/requests/:id/thread`: the earlier questions and answers a follow-up continues, oldest first. */
export const fetchThread = (requestId: string, signal?: AbortSignal) => apiCall<RequestThread>(`/api/requests/${encodeURIComponent(requestId)}/thread`, { signal });
