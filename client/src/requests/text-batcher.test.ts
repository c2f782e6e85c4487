import { describe, expect, it } from 'vitest';
import { createTextBatcher, type FrameScheduler } from './text-batcher.ts';

/** Frames run only when the test says so. */
function manualScheduler(): FrameScheduler & { runFrame(): void; pendingFrames(): number } {
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

describe('createTextBatcher', () => {
  it('delivers everything appended during a frame as one piece, requesting one frame', () => {
    const scheduler = manualScheduler();
    const delivered: string[] = [];
    const batcher = createTextBatcher((text) => delivered.push(text), scheduler);

    batcher.append('Hel');
    batcher.append('lo');
    batcher.append(', ');
    expect(scheduler.pendingFrames()).toBe(1);
    expect(delivered).toEqual([]);

    scheduler.runFrame();
    expect(delivered).toEqual(['Hello, ']);

    batcher.append('world');
    scheduler.runFrame();
    expect(delivered).toEqual(['Hello, ', 'world']);
  });

  it('requests no frame for empty text or when nothing is pending', () => {
    const scheduler = manualScheduler();
    const delivered: string[] = [];
    const batcher = createTextBatcher((text) => delivered.push(text), scheduler);

    batcher.append('');
    batcher.flush();
    expect(scheduler.pendingFrames()).toBe(0);
    expect(delivered).toEqual([]);
  });

  it('flushes at once on demand and cancels the frame it no longer needs', () => {
    const scheduler = manualScheduler();
    const delivered: string[] = [];
    const batcher = createTextBatcher((text) => delivered.push(text), scheduler);

    batcher.append('partial');
    batcher.flush();
    expect(delivered).toEqual(['partial']);
    expect(scheduler.pendingFrames()).toBe(0);
  });

  it('discards pending text without delivering it', () => {
    const scheduler = manualScheduler();
    const delivered: string[] = [];
    const batcher = createTextBatcher((text) => delivered.push(text), scheduler);

    batcher.append('stale');
    batcher.discard();
    scheduler.runFrame();
    batcher.flush();
    expect(delivered).toEqual([]);
  });
});
