import type { SearchFailure } from '../../../api/search-stream.ts';

/**
 * The state of one question on the home page, as a pure reducer so every transition can be tested without a DOM.
 * `idle` → `streaming` → `done` | `error`; `cleared` returns to `idle` from anywhere.
 */

export type SearchStatus = 'idle' | 'streaming' | 'done' | 'error';

export interface SearchState {
  status: SearchStatus;
  /** The model answering: the one asked for, until the server names the one it actually runs. */
  model: string | null;
  /** Markdown so far; the final response once done. Kept after an error so a partial answer stays readable. */
  answer: string;
  creditsUsed: number | null;
  error: SearchFailure | null;
}

export type SearchAction =
  | { type: 'submitted'; model: string }
  | { type: 'run-started'; model: string }
  | { type: 'text-received'; text: string }
  | { type: 'finished'; response: string; creditsUsed: number }
  | { type: 'failed'; error: SearchFailure }
  | { type: 'cleared' };

export const initialSearchState: SearchState = {
  status: 'idle',
  model: null,
  answer: '',
  creditsUsed: null,
  error: null,
};

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'submitted':
      return { ...initialSearchState, status: 'streaming', model: action.model };
    case 'cleared':
      return initialSearchState;
    default:
      // Anything else describes the stream in progress; once it is over, late news is ignored.
      if (state.status !== 'streaming') return state;
  }

  switch (action.type) {
    case 'run-started':
      return { ...state, model: action.model };
    case 'text-received':
      return { ...state, answer: state.answer + action.text };
    case 'finished':
      return { ...state, status: 'done', answer: action.response, creditsUsed: action.creditsUsed };
    case 'failed':
      return { ...state, status: 'error', error: action.error };
  }
}
