import type { ModelPair } from '../../../api/compare-contract.ts';
import type { CompareProgressEvent } from '../../../api/compare-stream.ts';
import { createTextBatcher, type FrameScheduler, type TextBatcher } from '../../../streaming/text-batcher.ts';

export interface ColumnFeed {
  /** Passes an event on, holding chunks back to hand each column's text over once per animation frame. */
  receive(event: CompareProgressEvent): void;
  /** Hands over every column's pending text now (before showing a failure, so what arrived stays readable). */
  flush(): void;
  /** Forgets pending text (the comparison was abandoned). */
  discard(): void;
}

const keyOf = (pair: ModelPair): string => `${pair.engine}\u0000${pair.model}`;

/**
 * Sits between a comparison's events and the reducer. Several models stream at once, each emitting many tiny
 * deltas; one text batcher per column joins a column's deltas into one `model_chunk` per frame, so the grid
 * re-renders at most once per frame per column however fast the tokens come. Everything else passes straight on,
 * after the column's pending text where order matters.
 */
export function createColumnFeed(deliver: (event: CompareProgressEvent) => void, scheduler?: FrameScheduler): ColumnFeed {
  const batchers = new Map<string, TextBatcher>();

  const batcherFor = (event: Extract<CompareProgressEvent, { type: 'model_chunk' }>): TextBatcher => {
    const key = keyOf(event);
    let batcher = batchers.get(key);
    if (!batcher) {
      const { requestId, runId, engine, model } = event;
      batcher = createTextBatcher((content) => deliver({ type: 'model_chunk', requestId, runId, engine, model, content }), scheduler);
      batchers.set(key, batcher);
    }
    return batcher;
  };

  const flush = (): void => {
    for (const batcher of batchers.values()) batcher.flush();
  };

  return {
    receive(event) {
      switch (event.type) {
        case 'model_chunk':
          batcherFor(event).append(event.content);
          return;
        case 'model_start':
          // A (re)started model begins with empty text; anything still pending belongs to its previous attempt.
          batchers.get(keyOf(event))?.discard();
          batchers.delete(keyOf(event));
          break;
        case 'model_complete': {
          const batcher = batchers.get(keyOf(event));
          // A success's final response replaces the streamed text; a failure keeps whatever did arrive.
          if (event.result.success) batcher?.discard();
          else batcher?.flush();
          batchers.delete(keyOf(event));
          break;
        }
        case 'model_sources':
          break;
        case 'all_complete':
          flush();
          break;
      }
      deliver(event);
    },
    flush,
    discard() {
      for (const batcher of batchers.values()) batcher.discard();
      batchers.clear();
    },
  };
}
