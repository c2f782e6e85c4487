import { useEffect, useRef } from 'react';
import type { SearchRequestBody } from '../../../../../contract/ask.ts';
import { useRunAgain } from '../../../app-state/run-again-context.tsx';

/**
 * "Continue with this model only" from the comparison view: the single view asks the question itself, so it follows
 * the answer, and its conversation (the comparison's turns, that model's side) is read back from the server.
 */
export function useContinueAlone(take: (body: SearchRequestBody) => void): void {
  const { fork, forkTaken } = useRunAgain();
  const latestTake = useRef(take);
  latestTake.current = take;
  useEffect(() => {
    if (!fork) return;
    forkTaken();
    latestTake.current(fork);
  }, [fork, forkTaken]);
}
