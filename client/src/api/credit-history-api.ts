import type { CreditHistory, CreditHistoryEntry, DemoCreditsAdded } from '../../../contract/credit-history.ts';
import { apiCall } from './http-client.ts';

export type { CreditHistory, CreditHistoryEntry, DemoCreditsAdded };

/** The history of credits' query key, so whatever changes the credits can refresh it. */
export const creditHistoryQueryKey = ['credit-history'] as const;

/** `GET /api/credits/history`: one page, newest first; `before` is the last entry of the page before. */
export const fetchCreditHistory = (before: string | undefined, signal?: AbortSignal) =>
  apiCall<CreditHistory>(`/api/credits/history${before ? `?before=${encodeURIComponent(before)}` : ''}`, signal ? { signal } : {});

/** `POST /api/credits/demo`: demo mode's free credits; the server's own words when it refuses (too often, not demo). */
export const addDemoCredits = () => apiCall<DemoCreditsAdded>('/api/credits/demo', { method: 'POST', preferServerMessage: true });
