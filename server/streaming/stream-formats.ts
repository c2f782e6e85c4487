import type { RunEvent } from '../../core/events/run-event.ts';
import type { RunResult } from '../requests/request-results.ts';
import type { WatchedRun } from './watch-request.ts';

export interface Frame {
  event: string;
  data: Record<string, unknown>;
}

/** How one endpoint names and shapes a request's events for the browser (spec section 4). */
export interface StreamFormat {
  frames(event: RunEvent, run: WatchedRun): Frame[];
  /** Sent once every run has ended; nothing for a single search, whose `end` says it all. */
  finished(results: RunResult[], requestId: string): Frame[];
  /** Sent when the server must stop mid-answer (shutdown). */
  interrupted(requestId: string): Frame;
}

const RESTARTING = 'The server is restarting. Your answer is still being saved; please try again in a moment.';

/** Single search: start, chunk…, then end or error (plus `sources` when the engine cites pages). */
export const singleSearchFormat: StreamFormat = {
  frames(event) {
    const base = { requestId: event.requestId, runId: event.runId };
    switch (event.type) {
      case 'run_start':
        return [{ event: 'start', data: { ...base, engine: event.engine, model: event.model } }];
      case 'text_delta':
        return [{ event: 'chunk', data: { ...base, content: event.text } }];
      case 'sources':
        return [{ event: 'sources', data: { ...base, sources: event.sources } }];
      case 'run_end':
        return [{ event: 'end', data: { ...base, ...endFacts(event), response: event.text, finishReason: event.finishReason, sources: event.sources } }];
      case 'run_error':
        return [{ event: 'error', data: { ...base, message: event.message, code: event.code, retryable: event.retryable } }];
    }
  },
  finished: () => [],
  interrupted: (requestId) => ({ event: 'error', data: { requestId, message: RESTARTING, code: 'SERVER_RESTARTING', retryable: true } }),
};

/**
 * Comparison: model_start, model_chunk… and model_complete (with the model's result, success or failure) per
 * model, interleaved as they arrive, then all_complete with every result and the total credits.
 */
export const comparisonFormat: StreamFormat = {
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
        return [
          {
            event: 'model_complete',
            data: { ...base, result: { ...base, success: true, response: event.text, error: null, sources: event.sources, ...endFacts(event) } },
          },
        ];
      case 'run_error':
        return [
          {
            event: 'model_complete',
            data: {
              ...base,
              result: { ...base, success: false, response: null, error: event.message, errorCode: event.code, retryable: event.retryable, creditsUsed: 0 },
            },
          },
        ];
    }
  },
  finished: (results, requestId) => [
    {
      event: 'all_complete',
      data: { requestId, totalCreditsUsed: results.reduce((sum, result) => sum + result.creditsUsed, 0), results },
    },
  ],
  interrupted: (requestId) => ({ event: 'error', data: { requestId, message: RESTARTING, code: 'SERVER_RESTARTING', retryable: true } }),
};

function endFacts(event: Extract<RunEvent, { type: 'run_end' }>) {
  return {
    creditsUsed: event.creditsUsed,
    durationMs: event.durationMs,
    timeToFirstTokenMs: event.timeToFirstTokenMs,
    inputTokens: event.inputTokens,
    outputTokens: event.outputTokens,
  };
}

