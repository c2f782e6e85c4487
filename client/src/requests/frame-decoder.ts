import type { AskKind } from '../../../contract/ask.ts';
import type { CompareStreamFrame } from '../../../contract/compare-stream.ts';
import type { ModelResult } from '../../../contract/model-result.ts';
import type { SearchStreamFrame } from '../../../contract/search-stream.ts';
import type { FrameCheck, ReceivedFrame } from './frame-check.ts';
import { MODEL_REQUEST_FAILED } from './run-outcome-text.ts';
import type { RunUpdate } from './run-update.ts';
import { invalidFrame, type StreamFailure } from './stream-failure.ts';

/** The texts for an `error` frame that came without a message, by kind of request. */
export const EMPTY_ERROR_MESSAGE = { single: 'Search failed', comparison: 'An error occurred during comparison' } as const;

export interface FrameDecoder {
  /**
   * Turns one frame into the updates it means. `seq` is the frame's resume point (its SSE id, or the socket's
   * `seq`), null for frames that are none: a frame at or before the last one seen was already applied (a replay
   * after reconnecting) and yields nothing.
   */
  decode(frame: ReceivedFrame, seq: number | null): RunUpdate[];
  /** The last resume point applied: following carries on after it. */
  readonly lastSeq: number;
  /** The request's id, once a frame has named it. */
  readonly requestId: string | null;
}

function failedResultFailure(result: ModelResult): StreamFailure {
  return { message: result.error || MODEL_REQUEST_FAILED, code: result.errorCode ?? '', retryable: result.retryable };
}

function decodeSingle(frame: SearchStreamFrame): RunUpdate[] {
  switch (frame.event) {
    case 'start': {
      const { requestId, runId, engine, model } = frame.data;
      return [{ type: 'run-started', requestId, runId, engine, model }];
    }
    case 'chunk':
      return [{ type: 'text-appended', runId: frame.data.runId, text: frame.data.content }];
    case 'sources':
      return [{ type: 'sources-added', runId: frame.data.runId, sources: frame.data.sources }];
    case 'end': {
      const { requestId, ...result } = frame.data;
      return [
        { type: 'run-completed', result },
        { type: 'request-finished', requestId, results: [result] },
      ];
    }
    case 'error': {
      const { requestId, runId, message, code, retryable } = frame.data;
      const failure = { message: message || EMPTY_ERROR_MESSAGE.single, code, retryable };
      // Without a run the server itself could not go on; with one, that answer failed and the request is over.
      if (runId === undefined) return [{ type: 'request-failed', failure }];
      return [
        { type: 'run-failed', runId, failure, result: null },
        { type: 'request-finished', requestId, results: null },
      ];
    }
  }
}

function decodeComparison(frame: CompareStreamFrame): RunUpdate[] {
  switch (frame.event) {
    case 'model_start': {
      const { requestId, runId, engine, model } = frame.data;
      return [{ type: 'run-started', requestId, runId, engine, model }];
    }
    case 'model_chunk':
      return [{ type: 'text-appended', runId: frame.data.runId, text: frame.data.content }];
    case 'model_sources':
      return [{ type: 'sources-added', runId: frame.data.runId, sources: frame.data.sources }];
    case 'model_complete': {
      const { result } = frame.data;
      return result.success
        ? [{ type: 'run-completed', result }]
        : [{ type: 'run-failed', runId: result.runId, failure: failedResultFailure(result), result }];
    }
    case 'all_complete':
      return [{ type: 'request-finished', requestId: frame.data.requestId, results: frame.data.results }];
    case 'error': {
      const { message, code, retryable } = frame.data;
      return [{ type: 'request-failed', failure: { message: message || EMPTY_ERROR_MESSAGE.comparison, code, retryable } }];
    }
  }
}

/** Decodes one request's frames, from either endpoint or the live socket, checking each against the contract. */
export function createFrameDecoder(kind: AskKind, check: FrameCheck, afterSeq = 0): FrameDecoder {
  let lastSeq = afterSeq;
  let requestId: string | null = null;
  return {
    decode(frame, seq) {
      if (seq !== null && seq <= lastSeq) return [];
      const verdict = check(kind, frame);
      if (verdict.verdict === 'unknown') return [];
      if (verdict.verdict === 'invalid') return [{ type: 'request-failed', failure: invalidFrame, reason: verdict.reason }];
      if (seq !== null) lastSeq = seq;
      // The check has just proved the frame is one of the stream's own.
      const updates = kind === 'single' ? decodeSingle(frame as SearchStreamFrame) : decodeComparison(frame as CompareStreamFrame);
      requestId ??= (frame.data as { requestId: string }).requestId;
      return updates;
    },
    get lastSeq() {
      return lastSeq;
    },
    get requestId() {
      return requestId;
    },
  };
}
