import { describe, expect, it } from 'vitest';
import type { CompareProgressEvent } from '../../../api/compare-stream.ts';
import { comparisonReducer, initialComparisonState, type ComparisonState } from './comparison-state.ts';
import { retryHandlers } from './retry-handlers.ts';

const gemini = { engine: 'gemini', model: 'gemini-2.5-flash' };
const ids = { requestId: 'retry-request', runId: 'retry-run' };

/** A finished comparison whose Gemini column failed and has just been retried. */
function retriedState(): ComparisonState {
  const failed: CompareProgressEvent = {
    type: 'model_complete',
    requestId: 'r',
    runId: 'old',
    ...gemini,
    result: { ...gemini, runId: 'old', success: false, response: null, error: 'Busy', errorCode: 'x', retryable: true, creditsUsed: 0, timeToFirstTokenMs: null, durationMs: null, sources: [] },
  };
  let state = comparisonReducer(initialComparisonState, { type: 'started', models: [gemini] });
  state = comparisonReducer(state, { type: 'event', event: failed });
  state = comparisonReducer(state, { type: 'event', event: { type: 'all_complete', requestId: 'r', totalCreditsUsed: 0, results: [] } });
  return comparisonReducer(state, { type: 'column-retried', column: gemini });
}

function replay(drive: (handlers: ReturnType<typeof retryHandlers>) => void): ComparisonState {
  let state = retriedState();
  drive(retryHandlers(gemini, (event) => (state = comparisonReducer(state, { type: 'event', event }))));
  return state;
}

describe('retryHandlers', () => {
  it('streams the single search into the retried column and completes it with its credits and duration', () => {
    const state = replay((handlers) => {
      handlers.onStart({ type: 'start', ...ids, engine: 'gemini', model: 'gemini-2.5-flash-001' });
      handlers.onChunk({ type: 'chunk', ...ids, content: 'Second ' });
      handlers.onChunk({ type: 'chunk', ...ids, content: 'try' });
      handlers.onEnd({ type: 'end', ...ids, response: 'Second try.', creditsUsed: 8, finishReason: 'stop', durationMs: 1500 });
    });
    expect(state.columns[0]).toMatchObject({
      phase: 'done',
      text: 'Second try.',
      runId: 'retry-run',
      result: { success: true, creditsUsed: 8, durationMs: 1500, engine: 'gemini', model: 'gemini-2.5-flash' },
    });
  });

  it('shows a failed retry as the column’s error, with its retry advice', () => {
    const state = replay((handlers) => {
      handlers.onStart({ type: 'start', ...ids, engine: 'gemini', model: 'gemini-2.5-flash' });
      handlers.onError({ message: 'Still busy', code: 'PROVIDER_RATE_LIMITED', retryable: true });
    });
    expect(state.columns[0]).toMatchObject({ phase: 'error', result: { error: 'Still busy', retryable: true, creditsUsed: 0, runId: 'retry-run' } });
  });

  it('fails the column even when the search is refused before it starts', () => {
    const state = replay((handlers) => handlers.onError({ message: 'Insufficient credits. Please add more credits to continue.', code: 'INSUFFICIENT_CREDITS', retryable: false }));
    expect(state.columns[0]).toMatchObject({ phase: 'error', result: { error: 'Insufficient credits. Please add more credits to continue.', retryable: false } });
  });
});
