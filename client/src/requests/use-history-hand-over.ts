import { useEffect, useRef } from 'react';
import type { AskKind } from '../../../contract/ask.ts';
import type { HistoryRequest } from '../api/history-api.ts';
import { useRunAgain } from '../app-state/run-again-context.tsx';
import { isComparisonRequest } from '../history/request-kind.ts';

/**
 * Takes the past request the history hands over ("Run this prompt again", "Continue") when it is of this view's
 * kind (an arena round is shown as a comparison) and the view can take it (`ready`: its catalogue is loaded).
 * `take` hears whether the person asked to continue it.
 */
export function useHistoryHandOver(kind: AskKind, ready: boolean, take: (request: HistoryRequest, continuing: boolean) => void): void {
  const runAgain = useRunAgain();
  // The view's latest `take`, so the hand-over happens when a request arrives, not on every render.
  const latestTake = useRef(take);
  latestTake.current = take;

  useEffect(() => {
    const pending = runAgain.pending;
    if (!pending || !ready || isComparisonRequest(pending) !== (kind === 'comparison')) return;
    const continuing = runAgain.intent === 'continue';
    runAgain.taken();
    latestTake.current(pending, continuing);
  }, [runAgain, ready, kind]);
}
