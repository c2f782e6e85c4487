import { useCallback, useState } from 'react';
import { useLiveSocket } from '../../app-state/live-updates-context.tsx';
import type { RunUpdate } from '../../requests/run-update.ts';

export interface FollowedRun {
  engine: string;
  model: string;
  text: string;
  ended: boolean;
}

/**
 * Streams requests the server has already started (a council's reviews, then its chairman) over the tab's live
 * socket, from their first event: each run's text as it arrives. The follower (with the frame checker) is fetched
 * only when the first one is followed.
 */
export function useFollowedRuns() {
  const live = useLiveSocket();
  const [runs, setRuns] = useState<Record<string, FollowedRun>>({});

  const apply = useCallback((update: RunUpdate) => {
    setRuns((current) => {
      switch (update.type) {
        case 'run-started':
          return { ...current, [update.runId]: current[update.runId] ?? { engine: update.engine, model: update.model, text: '', ended: false } };
        case 'text-appended': {
          const run = current[update.runId];
          return run ? { ...current, [update.runId]: { ...run, text: run.text + update.text } } : current;
        }
        case 'run-completed':
          return { ...current, [update.result.runId]: { engine: update.result.engine, model: update.result.model, text: update.result.response ?? '', ended: true } };
        case 'run-failed': {
          const run = current[update.runId];
          return run ? { ...current, [update.runId]: { ...run, ended: true } } : current;
        }
        default:
          return current;
      }
    });
  }, []);

  /** Resolves once the request has ended (or `signal` aborts); never rejects. */
  const follow = useCallback(
    async (requestId: string, kind: 'single' | 'comparison', signal: AbortSignal): Promise<void> => {
      const { followRequest } = await import('../../requests/follow-request.ts');
      await followRequest({ kind, start: { requestId, afterSeq: 0 }, signal, live, onUpdate: apply });
    },
    [apply, live],
  );

  return { runs, follow };
}
