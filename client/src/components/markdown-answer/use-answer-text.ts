import { useDeferredValue } from 'react';

/**
 * The answer text to render. While the answer streams it is deferred: re-parsing the markdown is the costly part of
 * a frame, and deferring lets React drop intermediate versions when several answers grow at once rather than let
 * typing or scrolling stutter. Once the answer has ended it is the text itself, so "done" and the final words are
 * drawn in the same render and a finished answer is never shown a version behind.
 */
export function useAnswerText(text: string, streaming: boolean): string {
  const deferred = useDeferredValue(text);
  return streaming ? deferred : text;
}
