import type { SiteData } from '../../../contract/site.ts';
import { apiCall } from './http-client.ts';

export type SiteFacts = SiteData;

/** `GET /api/site`: this deploy's contact addresses and analytics id. */
export const fetchSiteFacts = (signal?: AbortSignal) => apiCall<SiteFacts>('/api/site', signal ? { signal } : {});
