import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { SearchRequestBody } from '../../../contract/ask.ts';
import type { HistoryRequest } from '../api/history-api.ts';

/**
 * What the home page should do with a past request: fill its form to ask again (`again`), or put the request back
 * in the workspace with its answers and its conversation, ready for a follow-up (`continue`).
 */
export type RunAgainIntent = 'again' | 'continue';

export interface RunAgainState {
  /** A past request the home page should load, until it says it has. */
  pending: HistoryRequest | null;
  intent: RunAgainIntent;
  /** Called by the history modal's "Run this prompt again". */
  runAgain(request: HistoryRequest): void;
  /** Called by the history modal's "Continue": the request comes back with its answers and thread. */
  continueRequest(request: HistoryRequest): void;
  /** Called by the home page once it has taken the request. */
  taken(): void;
  /** A question that continues one model of a comparison on its own, for the single view to ask and follow. */
  fork: SearchRequestBody | null;
  /** Hands it over; the single view hands back null once it has asked it. */
  continueAlone(body: SearchRequestBody | null): void;
}

const RunAgainContext = createContext<RunAgainState | null>(null);

/**
 * Carries a re-run or a continued request from the history (in the sidebar) to the home page, and a comparison's
 * model continued alone from the comparison view to the single view.
 */
export function RunAgainProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<{ request: HistoryRequest; intent: RunAgainIntent } | null>(null);
  const taken = useCallback(() => setPending(null), []);
  const [fork, setFork] = useState<SearchRequestBody | null>(null);
  const runAgain = useCallback((request: HistoryRequest) => setPending({ request, intent: 'again' }), []);
  const continueRequest = useCallback((request: HistoryRequest) => setPending({ request, intent: 'continue' }), []);
  const value = useMemo(
    () => ({ pending: pending?.request ?? null, intent: pending?.intent ?? 'again', runAgain, continueRequest, taken, fork, continueAlone: setFork }),
    [pending, runAgain, continueRequest, taken, fork],
  );
  return <RunAgainContext value={value}>{children}</RunAgainContext>;
}

export function useRunAgain(): RunAgainState {
  const state = use(RunAgainContext);
  if (!state) throw new Error('useRunAgain must be used within a RunAgainProvider');
  return state;
}
