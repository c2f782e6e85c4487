import { useEffect, useReducer, useRef, useState } from 'react';
import type { AskKind } from '../../../contract/ask.ts';
import { useCredits } from '../app-state/credits-context.tsx';
import { useLiveSocket } from '../app-state/live-updates-context.tsx';
import { useRefreshAfterAnswer } from '../app-state/refresh-after-answer.ts';
import type { AskBody, RequestRunner } from './request-runner.ts';
import { initialRequestState, isOpen, requestReducer, type RequestState, type RestoredResult, type RunColumn } from './request-state.ts';
import { loadRequestRunner, prefetchRequestRunnerWhenIdle } from './runner-loader.ts';
import { STREAMING_ERROR_MESSAGE } from './run-outcome-text.ts';
import { forgetWatchedRequest, rememberWatchedRequest, type WatchedRequest } from './watched-request.ts';

export interface RequestControls {
  state: RequestState;
  ask(body: AskBody): void;
  askAgain(): void;
  resume(watched: WatchedRequest): void;
  restore(requestId: string, body: AskBody, results: readonly RestoredResult[]): void;
  retry(column: RunColumn): void;
  stop(column: RunColumn): void;
  stopAll(): void;
  /** Stops whatever still answers and empties the results. */
  clear(): void;
}

/**
 * A view's requests, single answer or comparison: the state to render and what the person can do with it. The
 * runner's network half loads on demand (prefetched when the browser is idle); commands wait for it in order.
 * Leaving the view only stops listening: the server finishes the answers, the request stays remembered, and coming
 * back resumes it.
 */
export function useRequestRunner(kind: AskKind): RequestControls {
  const [state, dispatch] = useReducer(requestReducer, initialRequestState);
  const refreshAfterAnswer = useRefreshAfterAnswer();
  const { refreshCredits } = useCredits();
  const live = useLiveSocket();
  // The runner lives as long as the view; it reaches the app's services and the latest state through refs.
  const services = useRef({ refreshAfterAnswer, refreshCredits, live, state });
  services.current = { refreshAfterAnswer, refreshCredits, live, state };

  const [runner] = useState(() =>
    loadRequestRunner().then((connect) =>
      connect(
        {
          kind,
          dispatch,
          remember: rememberWatchedRequest,
          forget: forgetWatchedRequest,
          afterRequest: (finishedKind) => void services.current.refreshAfterAnswer(finishedKind),
          afterRefusal: () => void services.current.refreshCredits().catch((error: unknown) => console.warn('Reading the credits after a refusal failed', error)),
        },
        () => services.current.live,
      ),
    ),
  );

  const [controls] = useState(() => {
    const openColumns = () => services.current.state.columns.filter(isOpen);
    const command = (run: (ready: RequestRunner) => void) => (): void => {
      runner.then(run, (error: unknown) => {
        console.error('The request runner could not be loaded', error);
        dispatch({ type: 'update', scope: { request: true }, update: { type: 'request-failed', failure: { message: STREAMING_ERROR_MESSAGE, code: 'runner_unavailable', retryable: true } } });
      });
    };
    return {
      ask: (body: AskBody) => command((ready) => ready.ask(body))(),
      askAgain: command((ready) => ready.askAgain()),
      resume: (watched: WatchedRequest) => command((ready) => ready.resume(watched))(),
      restore: (requestId: string, body: AskBody, results: readonly RestoredResult[]) => command((ready) => ready.restore(requestId, body, results))(),
      retry: (column: RunColumn) => command((ready) => ready.retry(column))(),
      stop: (column: RunColumn) => command((ready) => ready.stop([column]))(),
      stopAll: () => {
        const open = openColumns();
        command((ready) => ready.stop(open))();
      },
      clear: () => {
        const open = openColumns();
        command((ready) => ready.clear(open))();
      },
    };
  });

  useEffect(() => {
    const cancelPrefetch = prefetchRequestRunnerWhenIdle();
    return () => {
      cancelPrefetch();
      void runner.then((ready) => ready.abandon(), () => undefined);
    };
  }, [runner]);

  return { state, ...controls };
}
