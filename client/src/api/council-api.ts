import type { Council, CouncilPreview } from '../../../contract/council.ts';
import { apiCall } from './http-client.ts';

export type { Council, CouncilPreview } from '../../../contract/council.ts';

const requestPath = (requestId: string) => `/api/requests/${encodeURIComponent(requestId)}`;

/** What a council on this comparison would cost with this chairman; nothing is held. */
export const councilPreview = (requestId: string, chairman: { engine: string; model: string }, signal?: AbortSignal) =>
  apiCall<CouncilPreview>(`${requestPath(requestId)}/council/preview?${new URLSearchParams(chairman).toString()}`, { signal, preferServerMessage: true });

/** Starts the reviews; the answer names the request to follow for them. */
export const startCouncil = (requestId: string, chairman: { engine: string; model: string }) =>
  apiCall<Council>(`${requestPath(requestId)}/council`, { method: 'POST', body: chairman, preferServerMessage: true });

/** Starts the chairman once the reviews are in (a second call starts nothing more). */
export const startChairman = (councilId: string) => apiCall<Council>(`/api/councils/${encodeURIComponent(councilId)}/chairman`, { method: 'POST', preferServerMessage: true });

export const fetchCouncil = (councilId: string, signal?: AbortSignal) => apiCall<Council>(`/api/councils/${encodeURIComponent(councilId)}`, { signal });

/** The councils already held on a comparison, oldest first: the history shows the last one. */
export const councilsOf = (requestId: string, signal?: AbortSignal) => apiCall<{ councils: Council[] }>(`${requestPath(requestId)}/councils`, { signal });
