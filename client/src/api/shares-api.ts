import { queryOptions } from '@tanstack/react-query';
import type { CreateShareSettings, RevokedShare, SharedRequest, ShareLink, ShareList, ShareSettingsBody } from '../../../contract/shares.ts';
import { apiCall } from './http-client.ts';

export type { SharedAnswer, SharedRequest, ShareLink } from '../../../contract/shares.ts';

export const shareQueryKeys = { mine: ['shares'] as const, shared: (token: string) => ['shared', token] as const };

/** `POST /api/shares`: the request's public link, made with its end and passphrase (the same one if it is shared already). */
export const shareRequest = (requestId: string, settings: CreateShareSettings) =>
  apiCall<ShareLink>('/api/shares', { method: 'POST', body: { requestId, ...settings }, preferServerMessage: true });

/** `DELETE /api/shares/:token`: the link stops working at once. */
export const revokeShare = (token: string) => apiCall<RevokedShare>(`/api/shares/${encodeURIComponent(token)}`, { method: 'DELETE', preferServerMessage: true });

/** `PATCH /api/shares/:token`: when the link ends, its passphrase, live or snapshot. */
export const changeShareSettings = (token: string, settings: ShareSettingsBody) =>
  apiCall<ShareLink>(`/api/shares/${encodeURIComponent(token)}`, { method: 'PATCH', body: settings, preferServerMessage: true });

/** `POST /api/shared/:token/open`: a protected link's question and answers, for its passphrase. */
export const openProtectedShare = (token: string, passphrase: string) =>
  apiCall<SharedRequest>(`/api/shared/${encodeURIComponent(token)}/open`, { method: 'POST', body: { passphrase }, preferServerMessage: true });

export const mySharesQuery = () => queryOptions({ queryKey: shareQueryKeys.mine, queryFn: ({ signal }) => apiCall<ShareList>('/api/shares', { signal }) });

/** `GET /api/shared/:token`: what a link shows; anyone may read it. */
export const sharedRequestQuery = (token: string) =>
  queryOptions({ queryKey: shareQueryKeys.shared(token), queryFn: ({ signal }) => apiCall<SharedRequest>(`/api/shared/${encodeURIComponent(token)}`, { signal }), retry: false });

/** Where a request's downloads are: Markdown or JSON. */
export const exportUrl = (requestId: string, format: 'markdown' | 'json') => `/api/requests/${encodeURIComponent(requestId)}/export?format=${format}`;
export const HISTORY_CSV_URL = '/api/user-requests/export.csv';
