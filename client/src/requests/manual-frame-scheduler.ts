import type { FrameScheduler } from './text-batcher.ts';

/** Frames run only when the test says so. */
export function manualScheduler(): FrameScheduler & { runFrame(): void; pendingFrames(): number } {
  const callbacks = new Map<number, () => void>();
  let nextHandle = 1;
  return {
    request(callback) {
      const handle = nextHandle++;
      callbacks.set(handle, callback);
      return handle;
    },
    cancel(handle) {
      callbacks.delete(handle);
    },
    runFrame() {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback();
    },
    pendingFrames: () => callbacks.size,
  };
}
