import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useMemo, useRef, type ReactNode } from 'react';
import type { Tier } from '../api/auth-api.ts';
import { fetchCredits, type CreditsReport, type Pricing } from '../api/credits-api.ts';
import { announceSessionExpired } from '../api/session-expiry.ts';
import { useAuth } from './auth-context.tsx';
import { queryKeys } from './query-client.ts';

export interface CreditsState {
  /** Null until the first answer (or when it failed). */
  creditsRemaining: number | null;
  pricing: Pricing | null;
  /** The tier the server applies to this visitor. */
  tier: Tier | null;
  /** With nothing left to spend: the free credits went to an earlier account of this address, so none came now. */
  freeCreditsUsedBefore: boolean;
  loading: boolean;
  /** Reads the count once more; rejects when that fails (`refresh-after-answer.ts` decides about retries). */
  refreshCredits(): Promise<void>;
  /** Takes a count another tab's spending announced over the live connection. */
  setCreditsRemaining(count: number): void;
}

const CreditsContext = createContext<CreditsState | null>(null);

/** The visitor's credits and the price list, from `GET /api/credits`. */
export function CreditsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const signedInAs = useRef<string | null>(null);
  signedInAs.current = user?.id ?? null;

  const readCredits = useCallback(async (signal?: AbortSignal) => {
    const expected = signedInAs.current;
    const report = await fetchCredits(signal);
    // The server counted a guest although this page has someone signed in: their session ended on the server
    // (the credits call never answers 401, it just stops knowing the person).
    if (expected !== null && report.user.id === null) announceSessionExpired(expected);
    return report;
  }, []);

  const query = useQuery({ queryKey: queryKeys.credits, queryFn: ({ signal }) => readCredits(signal) });

  const refreshCredits = useCallback(async () => {
    queryClient.setQueryData(queryKeys.credits, await readCredits());
  }, [queryClient, readCredits]);

  const setCreditsRemaining = useCallback(
    (count: number) =>
      queryClient.setQueryData<CreditsReport>(queryKeys.credits, (current) =>
        current ? { ...current, user: { ...current.user, creditsRemaining: count } } : current,
      ),
    [queryClient],
  );

  // A count belongs to one person: from the render where someone signs in or out, the previous person's number is
  // hidden until their own arrives, so the top bar never pairs one person's chrome with another's credits.
  const own = query.data && query.data.user.id === (user?.id ?? null) ? query.data : undefined;
  const value = useMemo<CreditsState>(
    () => ({
      creditsRemaining: own?.user.creditsRemaining ?? null,
      pricing: query.data?.pricing ?? null,
      tier: own?.user.tier ?? null,
      freeCreditsUsedBefore: own?.user.freeCreditsUsedBefore ?? false,
      loading: query.isPending,
      refreshCredits,
      setCreditsRemaining,
    }),
    [own, query.data, query.isPending, refreshCredits, setCreditsRemaining],
  );
  return <CreditsContext value={value}>{children}</CreditsContext>;
}

export function useCredits(): CreditsState {
  const credits = use(CreditsContext);
  if (!credits) throw new Error('useCredits must be used within a CreditsProvider');
  return credits;
}
