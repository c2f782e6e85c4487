import { useCallback, useEffect, useReducer, useRef } from 'react';
import { decodeSearchFields, type SearchEndEvent, type SearchRequest, type SearchStartEvent } from '../../../api/search-contract.ts';
import { streamSearch, STREAMING_ERROR_MESSAGE, type SearchFailure } from '../../../api/search-stream.ts';
import { useLiveSocket } from '../../../app-state/live-updates-context.tsx';
import { forgetActiveRequest, rememberActiveRequest, type ActiveRequest } from '../../../streaming/active-request.ts';
import { createTextBatcher, type TextBatcher } from '../../../streaming/text-batcher.ts';
import { initialSearchState, searchReducer, type SearchState } from './search-state.ts';

export interface SearchControls {
  state: SearchState;
  /** Asks a question, abandoning any answer still streaming. */
  ask(request: SearchRequest): void;
  /** Picks up an answer that was streaming when the page was reloaded. */
  resume(active: ActiveRequest): void;
  /** Asks the last question again. */
  retry(): void;
  /** Abandons the current answer and returns to idle. */
  clear(): void;
}

interface ActiveSearch {
  stop(): void;
  batcher: TextBatcher;
}

/** What the view is told when an answer ends, to refresh credits and history. */
export interface SearchOutcomeListener {
  onSettled(outcome: 'finished' | 'failed'): void;
}

/**
 * Runs one question at a time. The answer arrives over the request's SSE stream; after a reload it is followed
 * again over the tab's live WebSocket from the start of its stored events, through the same reducer. Deltas are
 * batched per animation frame (`text-batcher.ts`), so however fast tokens arrive the answer renders once a frame.
 */
export function useSearch({ onSettled }: SearchOutcomeListener): SearchControls {
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const live = useLiveSocket();
  const active = useRef<ActiveSearch | null>(null);
  const lastRequest = useRef<SearchRequest | null>(null);
  // `ask` falls back to `resume` when its connection drops; a ref breaks the circle between the two callbacks.
  const resumeRef = useRef<(active: ActiveRequest) => void>(() => undefined);
  const settled = useRef(onSettled);
  settled.current = onSettled;

  const abandon = useCallback(() => {
    active.current?.stop();
    active.current?.batcher.discard();
    active.current = null;
  }, []);

  /** The handlers both paths share; `requestId` is known once the stream starts. */
  const handlersFor = useCallback((batcher: TextBatcher, onRequestId: (event: SearchStartEvent) => void) => {
    const finish = (event: SearchEndEvent) => {
      // The final response replaces the streamed text, so text still waiting for a frame is moot.
      batcher.discard();
      forgetActiveRequest(event.requestId);
      dispatch({ type: 'finished', response: event.response, creditsUsed: event.creditsUsed });
      settled.current('finished');
    };
    const fail = (error: SearchFailure, requestId?: string) => {
      // Show everything that did arrive before the failure.
      batcher.flush();
      forgetActiveRequest(requestId);
      dispatch({ type: 'failed', error });
      settled.current('failed');
    };
    return {
      onStart: (event: SearchStartEvent) => {
        onRequestId(event);
        dispatch({ type: 'run-started', model: event.model });
      },
      onChunk: (event: { content: string }) => batcher.append(event.content),
      onEnd: finish,
      onError: fail,
    };
  }, []);

  const ask = useCallback(
    (request: SearchRequest) => {
      abandon();
      const controller = new AbortController();
      const batcher = createTextBatcher((text) => dispatch({ type: 'text-received', text }));
      active.current = { stop: () => controller.abort(), batcher };
      lastRequest.current = request;
      dispatch({ type: 'submitted', model: request.specificModel });
      let started: ActiveRequest | null = null;
      const handlers = handlersFor(batcher, (event) => {
        started = {
          requestId: event.requestId,
          mode: 'single',
          query: request.query,
          models: [{ engine: request.model, model: request.specificModel }],
          startedAt: new Date().toISOString(),
        };
        rememberActiveRequest(started);
      });
      void streamSearch(
        request,
        {
          ...handlers,
          onError: (failure) => {
            // The connection dropped mid-answer (or the page is unloading): the answer goes on being written on the
            // server, so follow it over the live socket instead of failing, and keep it remembered for a reload.
            if (failure.code === 'stream_interrupted' && started) resumeRef.current(started);
            else handlers.onError(failure, started?.requestId);
          },
        },
        controller.signal,
      );
    },
    [abandon, handlersFor],
  );

  const resume = useCallback(
    (request: ActiveRequest) => {
      abandon();
      const batcher = createTextBatcher((text) => dispatch({ type: 'text-received', text }));
      const first = request.models[0];
      dispatch({ type: 'submitted', model: first?.model ?? '' });
      const handlers = handlersFor(batcher, () => undefined);
      let ended = false;
      const unfollow = live.follow(request.requestId, 0, {
        onFrame: (frame) => {
          const decoded = decodeSearchFields(frame.event, frame.data);
          if (decoded.outcome !== 'event' || ended) return;
          const { event } = decoded;
          if (event.type === 'start') handlers.onStart(event);
          else if (event.type === 'chunk') handlers.onChunk(event);
          else {
            ended = true;
            if (event.type === 'end') handlers.onEnd(event);
            else handlers.onError({ message: event.message, code: event.code, retryable: event.retryable }, event.requestId);
          }
        },
        onDone: ({ error }) => {
          if (ended) return;
          // The server has nothing more without an end frame: the request is unknown (its events expired) or gone.
          ended = true;
          handlers.onError({ message: error ?? STREAMING_ERROR_MESSAGE, code: 'resume_failed', retryable: false }, request.requestId);
        },
      });
      active.current = { stop: unfollow, batcher };
    },
    [abandon, handlersFor, live],
  );

  resumeRef.current = resume;

  const retry = useCallback(() => {
    if (lastRequest.current) ask(lastRequest.current);
  }, [ask]);

  const clear = useCallback(() => {
    abandon();
    forgetActiveRequest();
    dispatch({ type: 'cleared' });
  }, [abandon]);

  // Leaving the page closes the stream; the server still finishes and stores the answer.
  useEffect(() => abandon, [abandon]);

  return { state, ask, resume, retry, clear };
}
