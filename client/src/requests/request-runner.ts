import type { ArenaRequestBody } from '../../../contract/arena.ts';
import type { CompareRequestBody, AskKind, SearchRequestBody } from '../../../contract/ask.ts';
import type { FollowRequestOptions } from './follow-request.ts';
import { columnKey, isOpen, type RequestAction, type RestoredResult, type RunColumn, type UpdateScope } from './request-state.ts';
import { askedModels, retryBody } from './retry-body.ts';
import type { RunUpdate } from './run-update.ts';
import { connectionFailed } from './stream-failure.ts';
import type { WatchedRegeneration, WatchedRequest } from './watched-request.ts';

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
  /**
   * Follows a request that was running when the page reloaded, rebuilding its columns from the start, then each of
   * its regenerations again in its column (the one still streaming carries on live).
   */
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
  /**
   * The request asked on this page that the tab remembers for a reload, with its regenerations; it is forgotten once
   * the request and every regeneration have ended (a reload then starts afresh, as after any finished answer).
   */
  let watched: WatchedRequest | null = null;
  let mainOpen = false;
  const openRegenerations = new Set<Followed>();
  const forgetWhenAllEnded = (): void => {
    if (watched && !mainOpen && openRegenerations.size === 0) deps.forget(watched.requestId);
  };

  const start = (
    kind: AskKind,
    start: FollowRequestOptions['start'],
    scope: UpdateScope,
    onRequestId?: (requestId: string) => void,
    afterUpdate?: (update: RunUpdate) => void,
  ): Followed => {
    const followed: Followed = { controller: new AbortController(), requestId: 'requestId' in start ? start.requestId : null, stopOnceNamed: false };
    const onUpdate = (update: RunUpdate): void => {
      if (followed.stopOnceNamed) return;
      deps.dispatch({ type: 'update', update, scope });
      if (update.type !== 'request-finished' && update.type !== 'request-failed') {
        afterUpdate?.(update);
        return;
      }
      // Spec: a search error is logged as "Search failed" (a warning: the page shows it, nothing is broken).
      if (update.type === 'request-failed' && kind === 'single') console.warn('Search failed', update.failure);
      if ('request' in scope && followed === main) mainOpen = false;
      if (!('request' in scope)) {
        if (retries.get(scope.column) === followed) retries.delete(scope.column);
        openRegenerations.delete(followed);
      }
      // First what follows this ending (a regeneration waiting for it starts), then whether anything is left open.
      afterUpdate?.(update);
      if (followed.requestId) forgetWhenAllEnded();
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
    openRegenerations.clear();
  };
  const abandon = (): void => letGo(false);

  const watch = (body: AskBody, requestId: string): void => {
    watched = { requestId, kind: deps.kind, query: body.query, models: askedModels(body), body, startedAt: new Date().toISOString(), regenerations: [] };
    deps.remember(watched);
  };

  /** A regeneration of the watched request got its id: remembered with it, so a reload follows it again. */
  const watchRegeneration = (of: string, regeneration: WatchedRegeneration): void => {
    if (watched?.requestId !== of) return;
    watched = { ...watched, startedAt: new Date().toISOString(), regenerations: [...(watched.regenerations ?? []), regeneration] };
    deps.remember(watched);
  };

  /** Follows a regeneration in its column (asked now, or followed again after a reload). */
  const followRegeneration = (key: string, from: FollowRequestOptions['start'], onRequestId?: (requestId: string) => void, afterEnd?: () => void): void => {
    retries.get(key)?.controller.abort();
    deps.dispatch({ type: 'column-retried', key });
    const followed = start('single', from, { column: key }, onRequestId, (update) => {
      if (update.type === 'request-finished' || update.type === 'request-failed') afterEnd?.();
    });
    retries.set(key, followed);
    openRegenerations.add(followed);
  };

  const ask = (body: AskBody): void => {
    abandon();
    lastBody = body;
    restoredId = null;
    watched = null;
    mainOpen = true;
    deps.dispatch({ type: 'asked', models: askedModels(body) });
    main = start(deps.kind, { body }, { request: true }, (requestId) => watch(body, requestId));
  };

  /**
   * After a reload: the request is replayed from its start, and each column's regenerations, oldest first, follow
   * once that column's earlier answer has been replayed, each becoming the next version of the column.
   */
  const resumeWithRegenerations = (request: WatchedRequest): void => {
    const waiting = new Map<string, string[]>();
    for (const regeneration of request.regenerations ?? []) waiting.set(regeneration.column, [...(waiting.get(regeneration.column) ?? []), regeneration.requestId]);
    const followNext = (key: string): void => {
      const next = waiting.get(key)?.shift();
      if (next === undefined) return;
      followRegeneration(key, { requestId: next, afterSeq: 0 }, undefined, () => followNext(key));
    };
    const columnOfRun = new Map<string, string>();
    main = start(deps.kind, { requestId: request.requestId, afterSeq: 0 }, { request: true }, undefined, (update) => {
      if (update.type === 'run-started') columnOfRun.set(update.runId, columnKey(update));
      else if (update.type === 'run-completed') followNext(columnKey(update.result));
      else if (update.type === 'run-failed') followNext(columnOfRun.get(update.runId) ?? (update.result ? columnKey(update.result) : ''));
      // The request ended without news of some column (its record was incomplete): their regenerations follow now.
      else if (update.type === 'request-finished' || update.type === 'request-failed') for (const key of [...waiting.keys()]) followNext(key);
    });
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
    resume(request) {
      abandon();
      lastBody = request.body ?? null;
      // Checked here, in the code loaded on demand, rather than where the stored request is read with the first paint.
      watched = { ...request, regenerations: Array.isArray(request.regenerations) ? [...request.regenerations] : [] };
      mainOpen = true;
      deps.dispatch({ type: 'resumed', requestId: request.requestId, models: request.models });
      // From the start: the text shown before the reload is gone and is rebuilt from the replayed frames.
      resumeWithRegenerations(watched);
    },
    restore(requestId, body, results) {
      abandon();
      lastBody = body;
      restoredId = requestId;
      // Put back from the history, not asked here: a reload shows the page afresh, as it does for the history.
      watched = null;
      mainOpen = false;
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
      // A single answer is asked again as itself; a comparison's column as that one model, with the same settings.
      // A regenerated answer reads the files of the answer it replaces (the server finds them); they are not sent again.
      const { attachmentIds: _files, ...asked } = lastBody as typeof lastBody & { attachmentIds?: string[] };
      const body = 'models' in asked ? retryBody(asked, column, requestId) : { ...asked, retryOf: requestId };
      followRegeneration(key, { body }, (retryId) => watchRegeneration(requestId, { column: key, requestId: retryId }));
    },
    stop,
    clear(openColumns) {
      stop(openColumns);
      letGo(true);
      watched = null;
      mainOpen = false;
      deps.forget();
      deps.dispatch({ type: 'cleared' });
    },
    abandon,
  };
}
