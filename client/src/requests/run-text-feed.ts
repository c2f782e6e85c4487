import type { RunUpdate } from './run-update.ts';
import { createSharedFrame } from './shared-frame.ts';
import { createTextBatcher, type FrameScheduler, type TextBatcher } from './text-batcher.ts';

export interface RunTextFeed {
  /** Passes an update on, holding text back to hand each run's text over once per animation frame. */
  receive(update: RunUpdate): void;
  /** Forgets pending text (the request was abandoned). */
  discard(): void;
}

/**
 * Sits between a request's updates and the reducer. Several runs stream at once, each emitting many tiny deltas;
 * one text batcher per run joins a run's deltas into one update per frame, and the batchers share one frame
 * callback, so all columns' text lands together and the page re-renders at most once per frame however many
 * columns stream and however fast. Every other update passes straight on, after that run's pending text where
 * order matters.
 */
export function createRunTextFeed(deliver: (update: RunUpdate) => void, scheduler?: FrameScheduler): RunTextFeed {
  const batchers = new Map<string, TextBatcher>();
  const frame = createSharedFrame(scheduler);

  const batcherFor = (runId: string): TextBatcher => {
    let batcher = batchers.get(runId);
    if (!batcher) {
      batcher = createTextBatcher((text) => deliver({ type: 'text-appended', runId, text }), frame);
      batchers.set(runId, batcher);
    }
    return batcher;
  };

  const settle = (runId: string, pending: 'flush' | 'discard'): void => {
    batchers.get(runId)?.[pending]();
    batchers.delete(runId);
  };

  return {
    receive(update) {
      switch (update.type) {
        case 'text-appended':
          batcherFor(update.runId).append(update.text);
          return;
        case 'run-started':
          // A run begins with empty text; anything pending under its id is stale.
          settle(update.runId, 'discard');
          break;
        case 'sources-added':
          batchers.get(update.runId)?.flush();
          break;
        case 'run-completed':
          // The final response replaces the streamed text.
          settle(update.result.runId, 'discard');
          break;
        case 'run-failed':
          // What did arrive stays readable.
          settle(update.runId, 'flush');
          break;
        case 'request-finished':
        case 'request-failed':
          for (const runId of [...batchers.keys()]) settle(runId, 'flush');
          break;
      }
      deliver(update);
    },
    discard() {
      for (const batcher of batchers.values()) batcher.discard();
      batchers.clear();
    },
  };
}
