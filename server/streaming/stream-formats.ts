import type { CompareStreamFrame } from '../../contract/compare-stream.ts';
import { failedModelResult } from '../../contract/failed-result.ts';
import type { ModelResult } from '../../contract/model-result.ts';
import { RUN_FAILURES } from '../../contract/run-failures.ts';
import type { RunEndEvent, RunErrorEvent, RunEvent } from '../../contract/run-events.ts';
import type { ErrorFrame, SearchStreamFrame } from '../../contract/search-stream.ts';
import type { WatchedRun } from './watch-request.ts';

/** Any frame a stream may send: what the SSE writer and the live socket carry. */
export type Frame = SearchStreamFrame | CompareStreamFrame;

/**
 * How one endpoint names and shapes a request's events for the browser. Every frame is one of the contract's, so
 * the browser's decoders and the OpenAPI reference describe exactly what is built here.
 */
export interface StreamFormat<Out extends Frame = Frame> {
  frames(event: RunEvent, run: WatchedRun): Out[];
  /** Sent once every run has ended; nothing for a single search, whose `end` says it all. */
  finished(results: ModelResult[], requestId: string): Out[];
  /** Sent when the server must stop mid-answer (shutdown). */
  interrupted(requestId: string): Out;
}

function restarting(requestId: string): ErrorFrame {
  const { message, retryable } = RUN_FAILURES.SERVER_RESTARTING;
  return { event: 'error', data: { requestId, message, code: 'SERVER_RESTARTING', retryable } };
}

/** A finished run as the result every view shows. */
export function completedResult(event: RunEndEvent, run: WatchedRun): ModelResult & { success: true; response: string } {
  return {
    runId: event.runId,
    engine: run.engine,
    model: run.model,
    success: true,
    response: event.text,
    error: null,
    errorCode: null,
    retryable: false,
    finishReason: event.finishReason,
    sources: event.sources,
    // `?? null`: end events written before answers carried their search trail.
    searchTrail: event.searchTrail ?? null,
    creditsUsed: event.creditsUsed,
    durationMs: event.durationMs,
    timeToFirstTokenMs: event.timeToFirstTokenMs,
    inputTokens: event.inputTokens,
    outputTokens: event.outputTokens,
    // `?? null` here too: end events written before answers carried these figures.
    cachedTokens: event.cachedTokens ?? null,
    reasoningTokens: event.reasoningTokens ?? null,
    // `?? null`: an end event written before answers carried their brand analysis (still in Redis for an hour).
    brandMention: event.brandMention ?? null,
  };
}

/** A failed (or stopped) run: it cost nothing. */
export function failedResult(event: RunErrorEvent, run: WatchedRun): ModelResult {
  return failedModelResult({ runId: event.runId, engine: run.engine, model: run.model, message: event.message, code: event.code, retryable: event.retryable });
}

/** Single search: start, chunk…, then end or error (plus `sources` when the engine cites pages). */
export const singleSearchFormat: StreamFormat<SearchStreamFrame> = {
  frames(event, run) {
    const base = { requestId: event.requestId, runId: event.runId };
    switch (event.type) {
      case 'run_start':
        return [{ event: 'start', data: { ...base, engine: event.engine, model: event.model } }];
      case 'text_delta':
        return [{ event: 'chunk', data: { ...base, content: event.text } }];
      case 'sources':
        return [{ event: 'sources', data: { ...base, sources: event.sources } }];
      case 'run_end':
        return [{ event: 'end', data: { requestId: event.requestId, ...completedResult(event, run) } }];
      case 'run_error':
        return [{ event: 'error', data: { ...base, message: event.message, code: event.code, retryable: event.retryable } }];
    }
  },
  finished: () => [],
  interrupted: restarting,
};

/**
 * Comparison: model_start, model_chunk… and model_complete (with the model's result, success or failure) per
 * model, interleaved as they arrive, then all_complete with every result and the total credits.
 */
export const comparisonFormat: StreamFormat<CompareStreamFrame> = {
  frames(event, run) {
    const base = { requestId: event.requestId, runId: event.runId, engine: run.engine, model: run.model };
    switch (event.type) {
      case 'run_start':
        return [{ event: 'model_start', data: base }];
      case 'text_delta':
        return [{ event: 'model_chunk', data: { ...base, content: event.text } }];
      case 'sources':
        return [{ event: 'model_sources', data: { ...base, sources: event.sources } }];
      case 'run_end':
        return [{ event: 'model_complete', data: { ...base, result: completedResult(event, run) } }];
      case 'run_error':
        return [{ event: 'model_complete', data: { ...base, result: failedResult(event, run) } }];
    }
  },
  finished: (results, requestId) => [
    { event: 'all_complete', data: { requestId, totalCreditsUsed: results.reduce((sum, result) => sum + result.creditsUsed, 0), results } },
  ],
  interrupted: restarting,
};
