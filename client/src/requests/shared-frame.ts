import { animationFrameScheduler, type FrameScheduler } from './text-batcher.ts';

/**
 * A frame scheduler whose callbacks all run in one animation frame callback. Each streaming column has its own text
 * batcher; on their own, five columns would be five frame callbacks, and React renders after each one: the whole
 * comparison five times a frame. Sharing one callback makes their updates land together, in one render per frame.
 */
export function createSharedFrame(underlying: FrameScheduler = animationFrameScheduler): FrameScheduler {
  const due = new Map<number, () => void>();
  let nextHandle = 1;
  let frame: number | null = null;

  const runDue = (): void => {
    frame = null;
    const callbacks = [...due.values()];
    due.clear();
    for (const callback of callbacks) callback();
  };

  return {
    request(callback) {
      const handle = nextHandle++;
      due.set(handle, callback);
      frame ??= underlying.request(runDue);
      return handle;
    },
    cancel(handle) {
      due.delete(handle);
      if (due.size === 0 && frame !== null) {
        underlying.cancel(frame);
        frame = null;
      }
    },
  };
}
