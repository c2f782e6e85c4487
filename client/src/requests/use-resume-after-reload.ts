import { useEffect, useRef } from 'react';
import type { AskKind } from '../../../contract/ask.ts';
import { watchedRequestToResume, type WatchedRequest } from './watched-request.ts';

/** What to do once, when the view opens; each may answer the cleanup for when the view goes. */
export interface AfterReload {
  /** A request of this kind was answering when the page went away. */
  resume(active: WatchedRequest): (() => void) | undefined;
  /** Nothing of this kind was. */
  nothingToResume?(): (() => void) | undefined;
}

/** When the view opens: the request of `kind` a reload interrupted is handed over to be followed again. */
export function useResumeAfterReload(kind: AskKind, afterReload: AfterReload): void {
  // The latest handlers, so they run once, when the view opens, and not again on every render.
  const latest = useRef(afterReload);
  latest.current = afterReload;
  useEffect(() => {
    const active = watchedRequestToResume(kind);
    return active ? latest.current.resume(active) : latest.current.nothingToResume?.();
  }, [kind]);
}
