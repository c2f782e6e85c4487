import { useEffect, useReducer, useRef, useState } from 'react';
import type { RequestKind } from '../../../contract/ask.ts';
import { useLiveSocket } from '../app-state/live-updates-context.tsx';
import { useRefreshAfterAnswer } from '../app-state/refresh-after-answer.ts';
import { followRequest } from './follow-request.ts';
import { prefetchFrameCheckWhenIdle } from './frame-check-loader.ts';
import { createRequestRunner, type AskBody } from './request-runner.ts';
import { initialRequestState, isOpen, requestReducer, type RequestState, type RunColumn } from './request-state.ts';
import { stopRuns } from './stop-runs.ts';
import { forgetWatchedRequest, rememberWatchedRequest, type WatchedRequest } from './watched-request.ts';

export interface RequestControls {
  state: RequestState;
  ask(body: AskBody): void;
  askAgain(): void;
  resume(watched: WatchedRequest): void;
  retry(column: RunColumn): void;
  stop(column: RunColumn): void;
  stopAll(): void;
  /** Stops whatever still answers and empties the results. */
  clear(): void;
}

/**
 * A view's requests, single answer or comparison: the state to render and what the person can do with it. Leaving
 * the view only stops listening: the server finishes the answers, the request stays remembered, and coming back
 * resumes it.
 */
export function useRequestRunner(kind: RequestKind): RequestControls {
  const [state, dispatch] = useReducer(requestReducer, initialRequestState);
  const refreshAfterAnswer = useRefreshAfterAnswer();
  const live = useLiveSocket();
  // The runner lives as long as the view; it reaches the app's services and the latest state through refs.
  const services = useRef({ refreshAfterAnswer, live, state });
  services.current = { refreshAfterAnswer, live, state };

  const [runner] = useState(() =>
    createRequestRunner({
      kind,
      dispatch,
      follow: (options) => followRequest({ ...options, live: services.current.live }),
      remember: rememberWatchedRequest,
      forget: forgetWatchedRequest,
      stopRuns,
      afterRequest: (finishedKind) => void services.current.refreshAfterAnswer(finishedKind),
    }),
  );

  useEffect(() => {
    const cancelPrefetch = prefetchFrameCheckWhenIdle();
    return () => {
      cancelPrefetch();
      runner.abandon();
    };
  }, [runner]);

  const [controls] = useState(() => {
    const openColumns = () => services.current.state.columns.filter(isOpen);
    return {
      ask: runner.ask,
      askAgain: runner.askAgain,
      resume: runner.resume,
      retry: runner.retry,
      stop: (column: RunColumn) => runner.stop([column]),
      stopAll: () => runner.stop(openColumns()),
      clear: () => runner.clear(openColumns()),
    };
  });
  return { state, ...controls };
}
