/**
 * Collects text deltas and hands them over at most once per animation frame. A model can emit dozens of tiny deltas
 * between two paints; rendering (and re-parsing the markdown) for each would be wasted work, so the page renders
 * once per frame with everything that arrived since the last one.
 */

export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

export const animationFrameScheduler: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export interface TextBatcher {
  append(text: string): void;
  /** Hands over whatever is pending right now, without waiting for the next frame. */
  flush(): void;
  /** Forgets whatever is pending, e.g. because the final answer replaces it. */
  discard(): void;
}

export function createTextBatcher(
  deliver: (text: string) => void,
  scheduler: FrameScheduler = animationFrameScheduler,
): TextBatcher {
  let pending = '';
  let frame: number | null = null;

  const cancelFrame = (): void => {
    if (frame !== null) scheduler.cancel(frame);
    frame = null;
  };

  const flush = (): void => {
    cancelFrame();
    if (pending === '') return;
    const text = pending;
    pending = '';
    deliver(text);
  };

  return {
    append(text) {
      if (text === '') return;
      pending += text;
      frame ??= scheduler.request(() => {
        frame = null;
        flush();
      });
    },
    flush,
    discard() {
      cancelFrame();
      pending = '';
    },
  };
}
