import type { ModelPair } from '../../../api/compare-contract.ts';
import type { CompareProgressEvent } from '../../../api/compare-stream.ts';
import type { SearchStreamHandlers } from '../../../api/search-stream.ts';
import { failedResult } from './comparison-state.ts';

/**
 * A column's Retry asks its one model again through the single-search stream. This translates that stream's
 * events (start, chunk, end, error) into the comparison's own, so the column's reducer rules apply unchanged.
 * The column's names are used throughout: they are what the column is matched by.
 */
export function retryHandlers(column: ModelPair, receive: (event: CompareProgressEvent) => void): SearchStreamHandlers {
  const names = { engine: column.engine, model: column.model };
  let ids = { requestId: '', runId: '' };
  return {
    onStart(event) {
      ids = { requestId: event.requestId, runId: event.runId };
      receive({ type: 'model_start', ...ids, ...names });
    },
    onChunk(event) {
      receive({ type: 'model_chunk', requestId: event.requestId, runId: event.runId, ...names, content: event.content });
    },
    onEnd(event) {
      const run = { requestId: event.requestId, runId: event.runId };
      receive({
        type: 'model_complete',
        ...run,
        ...names,
        result: {
          ...names,
          runId: event.runId,
          success: true,
          response: event.response,
          error: null,
          errorCode: null,
          retryable: null,
          creditsUsed: event.creditsUsed,
          timeToFirstTokenMs: null,
          durationMs: event.durationMs,
          sources: [],
        },
      });
    },
    onError(failure) {
      receive({ type: 'model_complete', ...ids, ...names, result: failedResult(names, ids.runId || null, failure) });
    },
  };
}
