import { useEffect, useReducer, useRef, useState } from 'react';
import { streamCompare } from '../../../api/compare-stream.ts';
import { streamSearch } from '../../../api/search-stream.ts';
import { useLiveSocket } from '../../../app-state/live-updates-context.tsx';
import { useRefreshAfterAnswer } from '../../../app-state/refresh-after-answer.ts';
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
  const refreshAfterAnswer = useRefreshAfterAnswer();
  const live = useLiveSocket();
  // The runner lives as long as the view; it reaches the app's services through this ref, so it never goes stale.
  const services = useRef({ refreshAfterAnswer, live });
  services.current = { refreshAfterAnswer, live };

  const [runner] = useState(() =>
    createComparisonRunner({
      dispatch,
      streamCompare,
      streamSearch,
      follow: (requestId, afterSeq, handlers) => services.current.live.follow(requestId, afterSeq, handlers),
      remember: rememberActiveRequest,
      forget: forgetActiveRequest,
      // A delay marks the whole comparison's end; none, one column asked again.
      afterRequest: (creditsDelayMs) => void services.current.refreshAfterAnswer(creditsDelayMs > 0 ? 'comparison' : 'single'),
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
