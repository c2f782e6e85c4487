import type { Tier } from './auth-api.ts';
import { apiCall } from './http-client.ts';

/** Spec section 3's Pricing: engine → model → credits, and the per-model add-on prices. */
export interface Pricing {
  models: Record<string, Record<string, number>>;
  features: { webSearch: number; streaming: number; brandMonitoring: number };
}

export interface CreditsReport {
  /** `freeCreditsUsedBefore`: this address (or network) had its free credits on an earlier account. */
  user: { id: string | null; tier: Tier; creditsRemaining: number; creditsHeld: number; freeCreditsUsedBefore?: boolean };
  pricing: Pricing;
}

export const fetchCredits = (signal?: AbortSignal) => apiCall<CreditsReport>('/api/credits', signal ? { signal } : {});
