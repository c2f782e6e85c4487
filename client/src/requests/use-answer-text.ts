import { useDeferredValue } from 'react';

/**
 * The answer text to draw. While the answer is still being written, the deferred value: re-parsing the markdown is
 * the costly part of each frame, and deferring lets React drop versions in between when several answers grow at once.
 * Once it has ended, the exact text, in the same render that says it ended: a column marked done never shows a
 * stale part of its answer, however busy the machine is.
 */
export function useAnswerText(text: string, open: boolean): string {
  const deferred = useDeferredValue(text);
  return open ? deferred : text;
}
