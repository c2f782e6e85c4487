import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { streamSearch as StreamSearch } from '../../api/search-stream.ts';
import type { SearchRequest } from '../../api/search-contract.ts';
import { createTextBatcher, type TextBatcher } from '../../streaming/text-batcher.ts';
import { initialSearchState, searchReducer, type SearchState } from './search-state.ts';

export interface SearchControls {
  state: SearchState;
  /** Asks a question, abandoning any answer still streaming. */
  ask(request: SearchRequest): void;
  /** Asks the last question again. */
  retry(): void;
  /** Abandons the current answer and returns to idle. */
  clear(): void;
}

interface ActiveSearch {
  controller: AbortController;
  batcher: TextBatcher;
}

/**
 * Runs one question at a time against the server. Deltas are batched per animation frame (see `text-batcher.ts`),
 * so however fast tokens arrive, the answer renders at most once per frame.
 */
export function useSearch(streamSearch: typeof StreamSearch): SearchControls {
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const active = useRef<ActiveSearch | null>(null);
  const lastRequest = useRef<SearchRequest | null>(null);

  const abandon = useCallback(() => {
    active.current?.controller.abort();
    active.current?.batcher.discard();
    active.current = null;
  }, []);

  const ask = useCallback(
    (request: SearchRequest) => {
      abandon();
      const controller = new AbortController();
      const batcher = createTextBatcher((text) => dispatch({ type: 'text-received', text }));
      active.current = { controller, batcher };
      lastRequest.current = request;
      dispatch({ type: 'submitted', model: request.specificModel });

      void streamSearch(
        request,
        {
          onStart: (event) => dispatch({ type: 'run-started', model: event.model }),
          onChunk: (event) => batcher.append(event.content),
          onEnd: (event) => {
            // The final response replaces the streamed text, so text still waiting for a frame is moot.
            batcher.discard();
            dispatch({ type: 'finished', response: event.response, creditsUsed: event.creditsUsed });
          },
          onError: (error) => {
            // Show everything that did arrive before the failure.
            batcher.flush();
            dispatch({ type: 'failed', error });
          },
        },
        controller.signal,
      );
    },
    [abandon, streamSearch],
  );

  const retry = useCallback(() => {
    if (lastRequest.current) ask(lastRequest.current);
  }, [ask]);

  const clear = useCallback(() => {
    abandon();
    dispatch({ type: 'cleared' });
  }, [abandon]);

  // Leaving the page closes the stream; the server still finishes and stores the answer.
  useEffect(() => abandon, [abandon]);

  return { state, ask, retry, clear };
}
