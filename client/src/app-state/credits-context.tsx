import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useMemo, type ReactNode } from 'react';
import type { Tier } from '../api/auth-api.ts';
import { fetchCredits, type CreditsReport, type Pricing } from '../api/credits-api.ts';
import { queryKeys } from './query-client.ts';
import { refreshWithRetries } from './refresh-with-retries.ts';

export interface CreditsState {
  /** Null until the first answer (or when it failed). */
  creditsRemaining: number | null;
  pricing: Pricing | null;
  /** The tier the server applies to this visitor. */
  tier: Tier | null;
  loading: boolean;
  /** Refreshes after a search or comparison: optional delay, then up to 5 tries (spec section 4). */
  refreshAfterRequest(delayMs?: number): Promise<void>;
  /** Takes a count another tab's spending announced over the live connection. */
  setCreditsRemaining(count: number): void;
}

const CreditsContext = createContext<CreditsState | null>(null);

/** The visitor's credits and the price list, from `GET /api/credits`. */
export function CreditsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.credits, queryFn: ({ signal }) => fetchCredits(signal) });

  const refreshAfterRequest = useCallback(
    async (delayMs = 0) => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await refreshWithRetries(async () => queryClient.setQueryData(queryKeys.credits, await fetchCredits()));
    },
    [queryClient],
  );

  const setCreditsRemaining = useCallback(
    (count: number) =>
      queryClient.setQueryData<CreditsReport>(queryKeys.credits, (current) =>
        current ? { ...current, user: { ...current.user, creditsRemaining: count } } : current,
      ),
    [queryClient],
  );

  const value = useMemo<CreditsState>(
    () => ({
      creditsRemaining: query.data?.user.creditsRemaining ?? null,
      pricing: query.data?.pricing ?? null,
      tier: query.data?.user.tier ?? null,
      loading: query.isPending,
      refreshAfterRequest,
      setCreditsRemaining,
    }),
    [query.data, query.isPending, refreshAfterRequest, setCreditsRemaining],
  );
  return <CreditsContext value={value}>{children}</CreditsContext>;
}

export function useCredits(): CreditsState {
  const credits = use(CreditsContext);
  if (!credits) throw new Error('useCredits must be used within a CreditsProvider');
  return credits;
}
