import type { RunEvent } from '../../../core/events/run-event.ts';

/**
 * A run event as the single-search stream names it: the spec's start, chunk, end and error (section 4), plus
 * `sources` when the engine cites web pages (they are repeated in `end`, so a client may ignore the event).
 */
export interface SearchStreamFrame {
  event: 'start' | 'chunk' | 'sources' | 'end' | 'error';
  data: Record<string, unknown>;
}

export function toSearchStreamFrame(event: RunEvent): SearchStreamFrame {
  const base = { requestId: event.requestId, runId: event.runId };
  switch (event.type) {
    case 'run_start':
      return { event: 'start', data: { ...base, engine: event.engine, model: event.model } };
    case 'text_delta':
      return { event: 'chunk', data: { ...base, content: event.text } };
    case 'sources':
      return { event: 'sources', data: { ...base, sources: event.sources } };
    case 'run_end':
      return {
        event: 'end',
        data: {
          ...base,
          response: event.text,
          creditsUsed: event.creditsUsed,
          finishReason: event.finishReason,
          sources: event.sources,
          durationMs: event.durationMs,
        },
      };
    case 'run_error':
      return { event: 'error', data: { ...base, message: event.message, code: event.code, retryable: event.retryable } };
  }
}
