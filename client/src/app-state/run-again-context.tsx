import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { HistoryRequest } from '../api/history-api.ts';

export interface RunAgainState {
  /** A past request the home page should load into its form, until it says it has. */
  pending: HistoryRequest | null;
  /** Called by the history modal's "Run this prompt again". */
  runAgain(request: HistoryRequest): void;
  /** Called by the home page once it has taken the request. */
  taken(): void;
}

const RunAgainContext = createContext<RunAgainState | null>(null);

/** Carries a re-run from the history (in the sidebar) to the home page's form. */
export function RunAgainProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<HistoryRequest | null>(null);
  const taken = useCallback(() => setPending(null), []);
  const value = useMemo(() => ({ pending, runAgain: setPending, taken }), [pending, taken]);
  return <RunAgainContext value={value}>{children}</RunAgainContext>;
}

export function useRunAgain(): RunAgainState {
  const state = use(RunAgainContext);
  if (!state) throw new Error('useRunAgain must be used within a RunAgainProvider');
  return state;
}

// The views that take a re-run ask it which form it belongs to; the answer lives with the rest of the history.
export { isComparisonRequest } from '../history/request-kind.ts';
