import type { ArenaRequestBody } from '../../../contract/arena.ts';
import type { CompareRequestBody, AskKind, SearchRequestBody } from '../../../contract/ask.ts';
import type { FollowRequestOptions } from './follow-request.ts';
import { columnKey, isOpen, type RequestAction, type RestoredResult, type RunColumn, type UpdateScope } from './request-state.ts';
import { askedModels, retryBody } from './retry-body.ts';
import type { RunUpdate } from './run-update.ts';
import { connectionFailed } from './stream-failure.ts';
import type { WatchedRequest } from './watched-request.ts';

export type AskBody = SearchRequestBody | CompareRequestBody | ArenaRequestBody;

/** What the runner works with; the hook passes the real ones, tests their own. */
export interface RequestRunnerDeps {
  kind: AskKind;
  dispatch(action: RequestAction): void;
  /** Rejects only when the follower itself could not be loaded. */
  follow(options: Omit<FollowRequestOptions, 'live'>): Promise<void>;
  remember(request: WatchedRequest): void;
  forget(requestId?: string): void;
  stopRuns(requestId: string, runIds: readonly string[] | null): Promise<unknown>;
  /** Refreshes credits then history once a request has ended (or been stopped): nothing is charged unseen. */
  afterRequest(kind: AskKind): void;
  /**
   * After the tier rules refused a request: reads the credit count again, which tells whether the session behind a
   * signed-in page has ended (the server then answered a guest, who may not use the model the person chose).
   */
  afterRefusal(): void;
}

export interface RequestRunner {
  /** Sends a new request, leaving anything still on screen. */
  ask(body: AskBody): void;
  /** Sends the last request again (the error panel's Try Again). */
  askAgain(): void;
  /** Follows a request that was running when the page reloaded, rebuilding its columns from the start. */
  resume(watched: WatchedRequest): void;
  /** Puts a finished request from the history back on the page, ready to be regenerated or followed up. */
  restore(requestId: string, body: AskBody, results: readonly RestoredResult[]): void;
  /**
   * Asks one column's model again, with the same question and settings: its new answer is another version inside
   * the same request (Retry, Regenerate). Without the request's id yet, the whole question is asked again.
   */
  retry(column: RunColumn): void;
  /** Stops these columns' runs; the others carry on. */
  stop(columns: readonly RunColumn[]): void;
  /** Stops whatever is still answering and forgets the request. */
  clear(openColumns: readonly RunColumn[]): void;
  /** Stops listening (the view went away); the server still finishes and stores the answers. */
  abandon(): void;
}

interface Followed {
  controller: AbortController;
  requestId: string | null;
  /**
   * Cleared before the server named it: nothing of it reaches the screen any more, and it is stopped as soon as its
   * id arrives (a stop needs the id), so an answer cleared in its first instant is never charged.
   */
  stopOnceNamed: boolean;
}

/**
 * Runs the requests of one view, single answer or comparison alike: follows each to its end through the reducer,
 * remembers it so a reload can pick it up again, asks failed columns again, stops runs, and refreshes credits and
 * history after each.
 */
export function createRequestRunner(deps: RequestRunnerDeps): RequestRunner {
  let main: Followed | null = null;
  let lastBody: AskBody | null = null;
  /** A request put back from the history: what a Regenerate is a version of, while nothing newer was asked. */
  let restoredId: string | null = null;
  const retries = new Map<string, Followed>();

  const start = (kind: AskKind, start: FollowRequestOptions['start'], scope: UpdateScope, onRequestId?: (requestId: string) => void): Followed => {
    const followed: Followed = { controller: new AbortController(), requestId: 'requestId' in start ? start.requestId : null, stopOnceNamed: false };
    const onUpdate = (update: RunUpdate): void => {
      if (followed.stopOnceNamed) return;
      deps.dispatch({ type: 'update', update, scope });
      if (update.type !== 'request-finished' && update.type !== 'request-failed') return;
      // Spec: a search error is logged as "Search failed" (a warning: the page shows it, nothing is broken).
      if (update.type === 'request-failed' && kind === 'single') console.warn('Search failed', update.failure);
      if ('request' in scope && followed.requestId) deps.forget(followed.requestId);
      if (!('request' in scope) && retries.get(scope.column) === followed) retries.delete(scope.column);
      // A refusal before the request existed charged nothing and changed no history.
      if (followed.requestId) deps.afterRequest(kind);
      else if (update.type === 'request-failed' && update.failure.code === 'FORBIDDEN') deps.afterRefusal();
    };
    deps
      .follow({
        kind,
        start,
        signal: followed.controller.signal,
        onRequestId(requestId) {
          followed.requestId = requestId;
          if (followed.stopOnceNamed) {
            followed.controller.abort();
            stopRequest(requestId, kind).catch((error: unknown) => console.error('Stopping a cleared request failed', error));
            return;
          }
          onRequestId?.(requestId);
        },
        onUpdate,
      })
      .catch((error: unknown) => {
        console.error('Following a request failed', error);
        if (!followed.controller.signal.aborted) onUpdate({ type: 'request-failed', failure: connectionFailed });
      });
    return followed;
  };

  /** Every run of a request still answering: stopped, never charged; credits and history then refresh. */
  const stopRequest = (requestId: string, kind: AskKind, runIds: readonly string[] | null = null): Promise<void> =>
    deps.stopRuns(requestId, runIds).then(() => deps.afterRequest(kind));

  /** Lets go of every request; with `stopUnnamed`, one not named yet is kept just long enough to be stopped. */
  const letGo = (stopUnnamed: boolean): void => {
    for (const followed of [main, ...retries.values()]) {
      if (!followed) continue;
      if (stopUnnamed && followed.requestId === null) followed.stopOnceNamed = true;
      else followed.controller.abort();
    }
    main = null;
    retries.clear();
  };
  const abandon = (): void => letGo(false);

  const watch = (body: AskBody, requestId: string): void =>
    deps.remember({ requestId, kind: deps.kind, query: body.query, models: askedModels(body), body, startedAt: new Date().toISOString() });

  const ask = (body: AskBody): void => {
    abandon();
    lastBody = body;
    restoredId = null;
    deps.dispatch({ type: 'asked', models: askedModels(body) });
    main = start(deps.kind, { body }, { request: true }, (requestId) => watch(body, requestId));
  };

  /** The request a column's run belongs to: its own once named, else the request it was first asked in. */
  const requestOf = (column: RunColumn): string | null =>
    column.requestId ?? (column.attempt === 0 ? (main?.requestId ?? null) : (retries.get(columnKey(column))?.requestId ?? null));

  const stop = (columns: readonly RunColumn[]): void => {
    const byRequest = new Map<string, RunColumn[]>();
    for (const column of columns) {
      const requestId = isOpen(column) ? requestOf(column) : null;
      if (requestId) byRequest.set(requestId, [...(byRequest.get(requestId) ?? []), column]);
    }
    for (const [requestId, group] of byRequest) {
      const keys = group.map(columnKey);
      deps.dispatch({ type: 'stop-requested', keys });
      // A run not named yet can only be stopped with the whole request's open runs.
      const runIds = group.every((column) => column.runId !== null) ? group.map((column) => column.runId!) : null;
      stopRequest(requestId, 'single', runIds).catch((error: unknown) => {
        console.error('Stopping failed', error);
        deps.dispatch({ type: 'stop-failed', keys });
      });
    }
  };

  return {
    ask,
    askAgain() {
      if (lastBody) ask(lastBody);
    },
    resume(watched) {
      abandon();
      lastBody = watched.body ?? null;
      deps.dispatch({ type: 'resumed', requestId: watched.requestId, models: watched.models });
      // From the start: the text shown before the reload is gone and is rebuilt from the replayed frames.
      main = start(deps.kind, { requestId: watched.requestId, afterSeq: 0 }, { request: true });
    },
    restore(requestId, body, results) {
      abandon();
      lastBody = body;
      restoredId = requestId;
      deps.forget();
      deps.dispatch({ type: 'restored', requestId, results });
    },
    retry(column) {
      const requestId = main?.requestId ?? restoredId;
      if (!lastBody || 'category' in lastBody || !requestId) {
        if (lastBody) ask(lastBody);
        return;
      }
      const key = columnKey(column);
      retries.get(key)?.controller.abort();
      deps.dispatch({ type: 'column-retried', key });
      // A single answer is asked again as itself; a comparison's column as that one model, with the same settings.
      const body = 'models' in lastBody ? retryBody(lastBody, column, requestId) : { ...lastBody, retryOf: requestId };
      retries.set(key, start('single', { body }, { column: key }));
    },
    stop,
    clear(openColumns) {
      stop(openColumns);
      letGo(true);
      deps.forget();
      deps.dispatch({ type: 'cleared' });
    },
    abandon,
  };
}
