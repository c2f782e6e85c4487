import type { CreditsData, PriceList } from '../../../contract/credits.ts';
import { apiCall } from './http-client.ts';

/** Engine → model → credits, and the per-model add-on prices. */
export type Pricing = PriceList;
/** `GET /api/credits`: what the asker can still spend, and the price list. */
export type CreditsReport = CreditsData;

export const fetchCredits = (signal?: AbortSignal) => apiCall<CreditsReport>('/api/credits', signal ? { signal } : {});
