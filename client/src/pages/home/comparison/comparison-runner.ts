import { decodeCompareEvent, type CompareRequest, type ModelPair } from '../../../api/compare-contract.ts';
import { COMPARISON_ERROR_MESSAGE, type CompareProgressEvent, type streamCompare as StreamCompare } from '../../../api/compare-stream.ts';
import { invalidEvent, streamInterrupted, type StreamFailure } from '../../../api/event-stream-exchange.ts';
import type { LiveFrame, LiveSocket } from '../../../api/live-socket.ts';
import type { streamSearch as StreamSearch } from '../../../api/search-stream.ts';
import { COMPARISON_CREDIT_REFRESH_DELAY_MS } from '../../../app-state/refresh-with-retries.ts';
import type { ActiveRequest } from '../../../streaming/active-request.ts';
import type { FrameScheduler } from '../../../streaming/text-batcher.ts';
import { createColumnFeed, type ColumnFeed } from './column-feed.ts';
import { retryRequest } from './comparison-request.ts';
import type { ComparisonAction } from './comparison-state.ts';
import { retryHandlers } from './retry-handlers.ts';

/** What the runner works with; the hook passes the real ones, tests their own. */
export interface ComparisonRunnerDeps {
  dispatch(action: ComparisonAction): void;
  streamCompare: typeof StreamCompare;
  streamSearch: typeof StreamSearch;
  follow: LiveSocket['follow'];
  remember(active: ActiveRequest): void;
  forget(requestId: string): void;
  /** Refreshes credits (after the delay) and the history, once a request has spent credits. */
  afterRequest(creditsDelayMs: number): void;
  scheduler?: FrameScheduler;
}

export interface ComparisonRunner {
  /** Sends a new comparison, abandoning anything still on screen. */
  compare(request: CompareRequest): void;
  /** Sends the last comparison again (the error panel's Try Again). */
  compareAgain(): void;
  /** Follows a comparison that was running when the page reloaded, rebuilding its columns from the start. */
  resume(active: ActiveRequest): void;
  /** Asks one finished column's model again, with the same question and settings. */
  retryColumn(column: ModelPair): void;
  /** Stops listening to everything; the server still finishes and stores the answers. */
  abandon(): void;
}

/** One comparison being followed, over its SSE response or, after a reload or a dropped stream, the live socket. */
interface FollowedComparison {
  request: CompareRequest;
  controller: AbortController;
  feed: ColumnFeed;
  requestId: string | null;
  /** The last resume point seen: a dropped stream carries on from here over the live socket. */
  lastSeq: number;
  stopFollowing: (() => void) | null;
  ended: boolean;
}

interface RetryInFlight {
  controller: AbortController;
  feed: ColumnFeed;
}

const retryKey = (column: ModelPair): string => `${column.engine}\u0000${column.model}`;

/**
 * Runs the comparison view's requests (spec section 4, "Compare stream events"): streams every model into its own
 * column, remembers the request so a reload can pick it up again, carries on over the live socket when the stream
 * drops, refreshes credits 2 s after the end and the history, and retries single columns.
 */
export function createComparisonRunner(deps: ComparisonRunnerDeps): ComparisonRunner {
  let current: FollowedComparison | null = null;
  const retries = new Map<string, RetryInFlight>();
  const newFeed = () => createColumnFeed((event) => deps.dispatch({ type: 'event', event }), deps.scheduler);

  const end = (comparison: FollowedComparison): void => {
    comparison.ended = true;
    comparison.stopFollowing?.();
    comparison.stopFollowing = null;
    if (comparison.requestId) deps.forget(comparison.requestId);
    // Spec section 4: the credits are refreshed 2 s after the comparison, once the last charges have settled.
    deps.afterRequest(COMPARISON_CREDIT_REFRESH_DELAY_MS);
  };

  const fail = (comparison: FollowedComparison, failure: StreamFailure): void => {
    if (comparison !== current || comparison.ended) return;
    // What did arrive stays readable.
    comparison.feed.flush();
    deps.dispatch({ type: 'failed', failure });
    end(comparison);
  };

  const receive = (comparison: FollowedComparison, event: CompareProgressEvent, seq: number | null): void => {
    if (comparison !== current || comparison.ended) return;
    if (seq !== null) comparison.lastSeq = Math.max(comparison.lastSeq, seq);
    if (event.type === 'model_start' && comparison.requestId === null) {
      comparison.requestId = event.requestId;
      deps.remember({
        requestId: event.requestId,
        mode: 'comparison',
        query: comparison.request.query,
        models: comparison.request.models,
        startedAt: new Date().toISOString(),
      });
    }
    comparison.feed.receive(event);
    if (event.type === 'all_complete') end(comparison);
  };

  /** Follows the comparison over the live socket, after the last event already shown. */
  const follow = (comparison: FollowedComparison, requestId: string): void => {
    const onFrame = (frame: LiveFrame): void => {
      const decoded = decodeCompareEvent(frame.event, frame.data);
      if (decoded.outcome === 'unknown') return;
      if (decoded.outcome === 'invalid') return fail(comparison, invalidEvent);
      const { event } = decoded;
      if (event.type === 'error') {
        fail(comparison, { message: event.message || COMPARISON_ERROR_MESSAGE, code: event.code, retryable: event.retryable });
      } else {
        receive(comparison, event, frame.seq);
      }
    };
    // `request_finished` comes after `all_complete`; finishing without it means the request could not be followed.
    const onDone = ({ error }: { error?: string }): void =>
      fail(comparison, error ? { message: error, code: 'live_unavailable', retryable: true } : streamInterrupted);
    comparison.stopFollowing = deps.follow(requestId, comparison.lastSeq, { onFrame, onDone });
  };

  const abandon = (): void => {
    if (current) {
      current.controller.abort();
      current.stopFollowing?.();
      current.feed.discard();
    }
    current = null;
    for (const retry of retries.values()) {
      retry.controller.abort();
      retry.feed.discard();
    }
    retries.clear();
  };

  const begin = (request: CompareRequest, requestId: string | null): FollowedComparison => {
    abandon();
    current = { request, controller: new AbortController(), feed: newFeed(), requestId, lastSeq: 0, stopFollowing: null, ended: false };
    return current;
  };

  const compare = (request: CompareRequest): void => {
    const comparison = begin(request, null);
    deps.dispatch({ type: 'started', models: request.models });
    void deps.streamCompare(
      request,
      {
        onEvent: (event, seq) => receive(comparison, event, seq),
        onError: (failure) => {
          // The connection dropped mid-comparison: the answers go on regardless, so carry on over the live socket.
          if (failure.code === streamInterrupted.code && comparison.requestId !== null && comparison === current && !comparison.ended) {
            follow(comparison, comparison.requestId);
          } else {
            fail(comparison, failure);
          }
        },
      },
      comparison.controller.signal,
    );
  };

  return {
    compare,
    compareAgain() {
      if (current) compare(current.request);
    },
    resume(active) {
      // The settings were not kept; a column retried after a reload is asked with the defaults.
      const request: CompareRequest = { query: active.query, models: active.models, searchEnabled: false, brandMonitoringEnabled: false };
      const comparison = begin(request, active.requestId);
      deps.dispatch({ type: 'resumed', requestId: active.requestId, models: active.models });
      // From the start: the text shown before the reload is gone and is rebuilt from the replayed chunks.
      follow(comparison, active.requestId);
    },
    retryColumn(column) {
      if (!current) return;
      const key = retryKey(column);
      retries.get(key)?.controller.abort();
      const retry: RetryInFlight = { controller: new AbortController(), feed: newFeed() };
      retries.set(key, retry);
      deps.dispatch({ type: 'column-retried', column });

      const handlers = retryHandlers(column, (event) => {
        if (retry.controller.signal.aborted) return;
        retry.feed.receive(event);
        if (event.type === 'model_complete') {
          retries.delete(key);
          deps.afterRequest(0);
        }
      });
      void deps.streamSearch(retryRequest(current.request, column), handlers, retry.controller.signal);
    },
    abandon,
  };
}
