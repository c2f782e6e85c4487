import type { FollowUpSize } from '../../../contract/follow-up-size.ts';
import { apiCall } from './http-client.ts';

export type { FollowUpSize };

/** `GET /api/requests/:id/follow-up-size`: what a follow-up of the request would send each model before its question. */
export const fetchFollowUpSize = (requestId: string, signal?: AbortSignal) =>
  apiCall<FollowUpSize>(`/api/requests/${encodeURIComponent(requestId)}/follow-up-size`, { signal });
