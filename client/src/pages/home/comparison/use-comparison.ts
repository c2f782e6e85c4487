import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { streamCompare } from '../../../api/compare-stream.ts';
import { streamSearch } from '../../../api/search-stream.ts';
import { useCredits } from '../../../app-state/credits-context.tsx';
import { useLiveSocket } from '../../../app-state/live-updates-context.tsx';
import { queryKeys } from '../../../app-state/query-client.ts';
import { forgetActiveRequest, rememberActiveRequest } from '../../../streaming/active-request.ts';
import { createComparisonRunner, type ComparisonRunner } from './comparison-runner.ts';
import { comparisonReducer, initialComparisonState, type ComparisonState } from './comparison-state.ts';

export type ComparisonControls = Omit<ComparisonRunner, 'abandon'> & { state: ComparisonState; clear(): void };

/**
 * The comparison view's state and the runner behind it. Leaving the view only stops listening: the server finishes
 * the answers, the request stays remembered, and coming back resumes it.
 */
export function useComparison(): ComparisonControls {
  const [state, dispatch] = useReducer(comparisonReducer, initialComparisonState);
  const { refreshAfterRequest } = useCredits();
  const queryClient = useQueryClient();
  const live = useLiveSocket();
  // The runner lives as long as the view; it reaches the app's services through this ref, so it never goes stale.
  const services = useRef({ refreshAfterRequest, queryClient, live });
  services.current = { refreshAfterRequest, queryClient, live };

  const [runner] = useState(() =>
    createComparisonRunner({
      dispatch,
      streamCompare,
      streamSearch,
      follow: (requestId, afterSeq, handlers) => services.current.live.follow(requestId, afterSeq, handlers),
      remember: rememberActiveRequest,
      forget: forgetActiveRequest,
      afterRequest(creditsDelayMs) {
        const { queryClient: client, refreshAfterRequest: refresh } = services.current;
        void client.invalidateQueries({ queryKey: queryKeys.history });
        // Never rejects: spec section 4's retries and their final log line live in `refreshAfterRequest`.
        void refresh(creditsDelayMs);
      },
    }),
  );

  useEffect(() => runner.abandon, [runner]);

  const [controls] = useState(() => ({
    compare: runner.compare,
    compareAgain: runner.compareAgain,
    resume: runner.resume,
    retryColumn: runner.retryColumn,
    clear() {
      runner.abandon();
      dispatch({ type: 'cleared' });
    },
  }));
  return { state, ...controls };
}
