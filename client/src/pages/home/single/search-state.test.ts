import { describe, expect, it } from 'vitest';
import { initialSearchState, type SearchAction, searchReducer, type SearchState } from './search-state.ts';

function run(actions: readonly SearchAction[], from: SearchState = initialSearchState): SearchState {
  return actions.reduce(searchReducer, from);
}

const failure = { message: 'The model is overloaded', code: 'provider_unavailable', retryable: true };

describe('searchReducer', () => {
  it('streams text and then replaces it with the final response', () => {
    const streaming = run([
      { type: 'submitted', model: 'gpt-4o-mini' },
      { type: 'run-started', model: 'gpt-4o-mini-2024-07-18' },
      { type: 'text-received', text: 'Hello' },
      { type: 'text-received', text: ', wor' },
    ]);
    expect(streaming).toEqual({
      status: 'streaming',
      model: 'gpt-4o-mini-2024-07-18',
      answer: 'Hello, wor',
      creditsUsed: null,
      error: null,
    });

    const done = searchReducer(streaming, { type: 'finished', response: 'Hello, world!', creditsUsed: 3 });
    expect(done).toMatchObject({ status: 'done', answer: 'Hello, world!', creditsUsed: 3, error: null });
  });

  it('keeps the partial answer when the stream fails', () => {
    const state = run([
      { type: 'submitted', model: 'o1' },
      { type: 'text-received', text: 'Partial' },
      { type: 'failed', error: failure },
    ]);
    expect(state).toMatchObject({ status: 'error', answer: 'Partial', error: failure, model: 'o1' });
  });

  it('ignores stream news once the answer is over, or before anything was asked', () => {
    const done = run([
      { type: 'submitted', model: 'o1' },
      { type: 'finished', response: 'Final', creditsUsed: 0 },
    ]);
    expect(searchReducer(done, { type: 'text-received', text: ' late' })).toBe(done);
    expect(searchReducer(done, { type: 'failed', error: failure })).toBe(done);
    expect(searchReducer(initialSearchState, { type: 'text-received', text: 'x' })).toBe(initialSearchState);
  });

  it('starts afresh on a new submission and clears back to idle', () => {
    const failed = run([{ type: 'submitted', model: 'o1' }, { type: 'failed', error: failure }]);
    expect(searchReducer(failed, { type: 'submitted', model: 'gpt-5' })).toEqual({
      ...initialSearchState,
      status: 'streaming',
      model: 'gpt-5',
    });
    expect(searchReducer(failed, { type: 'cleared' })).toBe(initialSearchState);
  });
});
