import type { ModelPair } from '../../../contract/ask.ts';
import { failedModelResult } from '../../../contract/failed-result.ts';
import type { ModelResult } from '../../../contract/model-result.ts';
import type { AnswerSource } from '../../../contract/run-events.ts';
import type { RunUpdate } from './run-update.ts';
import { CANCELLED_CODE } from './run-outcome-text.ts';
import type { StreamFailure } from './stream-failure.ts';

/**
 * A request on the page as a pure reducer keyed by run: one column per model asked, in the order asked (a single
 * answer is one column). A column moves at its own pace: `waiting` → `streaming` → `done` | `error` | `stopped`.
 * The request is `idle`, `running` until its stream ends, then `finished`. A failed column can be asked again on
 * its own (a new request with one run), which puts it back to `waiting` without touching the others.
 */

export type ColumnPhase = 'waiting' | 'streaming' | 'done' | 'error' | 'stopped';

/** An answer the model gave in this column before it was regenerated: kept, to flip back to. */
export interface EarlierVersion {
  text: string;
  result: ModelResult | null;
  phase: ColumnPhase;
}

export interface RunColumn extends ModelPair {
  /** The request and run answering in this column, once a frame has named them. */
  requestId: string | null;
  runId: string | null;
  /** 0 for the model as first asked; each Retry counts one up. */
  attempt: number;
  phase: ColumnPhase;
  /** Markdown so far; the final response once done. Kept after a failure or a stop, so what arrived stays readable. */
  text: string;
  sources: AnswerSource[];
  result: ModelResult | null;
  /** Stop was pressed and the server has not confirmed yet. */
  stopping: boolean;
  /** The answers this model gave here before the one above, oldest first (Regenerate keeps them). */
  earlier: EarlierVersion[];
}

export interface RequestState {
  status: 'idle' | 'running' | 'finished';
  requestId: string | null;
  columns: RunColumn[];
  /** What stopped the request as a whole (a refusal, a broken stream); each model's own failure is in its column. */
  error: StreamFailure | null;
}

/** Which columns a followed request speaks for: the whole request, or the one column it asks again. */
export type UpdateScope = { request: true } | { column: string };

export type RequestAction =
  | { type: 'asked'; models: readonly ModelPair[] }
  | { type: 'resumed'; requestId: string; models: readonly ModelPair[] }
  /** A past request put back on the page from the history, finished, each model with its versions. */
  | { type: 'restored'; requestId: string; results: readonly RestoredResult[] }
  | { type: 'update'; update: RunUpdate; scope: UpdateScope }
  | { type: 'column-retried'; key: string }
  | { type: 'stop-requested'; keys: readonly string[] }
  | { type: 'stop-failed'; keys: readonly string[] }
  | { type: 'cleared' };

export const initialRequestState: RequestState = { status: 'idle', requestId: null, columns: [], error: null };

export const columnKey = (pair: ModelPair): string => `${pair.engine}\u0000${pair.model}`;

export const isOpen = (column: RunColumn): boolean => column.phase === 'waiting' || column.phase === 'streaming';

/** A model's result as the history gives it: the answer it stands by, and every version it gave. */
export type RestoredResult = ModelResult & { versions?: readonly ModelResult[] };

/**
 * Starts at 0 and sums the credits of every answer that completed (retries and earlier versions included); stops and
 * failures cost 0.
 */
export function totalCreditsUsed(state: RequestState): number {
  const charged = (result: ModelResult | null) => (result?.success ? result.creditsUsed : 0);
  return state.columns.reduce((sum, column) => sum + charged(column.result) + column.earlier.reduce((earlier, version) => earlier + charged(version.result), 0), 0);
}

function waitingColumn(model: ModelPair, attempt = 0, earlier: EarlierVersion[] = []): RunColumn {
  const { engine } = model;
  return { engine, model: model.model, requestId: null, runId: null, attempt, phase: 'waiting', text: '', sources: [], result: null, stopping: false, earlier };
}

const STOPPED_CODE = CANCELLED_CODE;

/** The phase a stored result ended in. */
const endedPhase = (result: ModelResult): ColumnPhase => (result.success ? 'done' : result.errorCode === STOPPED_CODE ? 'stopped' : 'error');

/** A column for a past result: the answer the model stands by, its other versions before it to flip back to. */
function restoredColumn(requestId: string, result: RestoredResult): RunColumn {
  const versions = result.versions && result.versions.length > 0 ? result.versions : [result];
  const earlier = versions
    .filter((version) => version.runId !== result.runId)
    .map((version) => ({ text: version.response ?? '', result: version, phase: endedPhase(version) }));
  const phase = endedPhase(result);
  const column: RunColumn = { ...waitingColumn(result, earlier.length, earlier), requestId, runId: result.runId, text: result.response ?? '', sources: result.sources };
  return phase === 'done' ? completed(column, result) : failed(column, result);
}

/** The result of a run that did not answer: no response, no charge, the failure's words and retry advice. */
export function failedResult(column: RunColumn, failure: StreamFailure): ModelResult {
  return failedModelResult({ runId: column.runId ?? '', engine: column.engine, model: column.model, ...failure });
}

function addSources(known: AnswerSource[], more: readonly AnswerSource[]): AnswerSource[] {
  const urls = new Set(known.map((source) => source.url));
  const added = more.filter((source) => !urls.has(source.url) && urls.add(source.url));
  return added.length > 0 ? [...known, ...added] : known;
}

function completed(column: RunColumn, result: ModelResult): RunColumn {
  return {
    ...column,
    runId: result.runId || column.runId,
    phase: 'done',
    // The final response replaces the streamed text.
    text: result.response ?? '',
    sources: result.sources.length > 0 ? result.sources : column.sources,
    result,
    stopping: false,
  };
}

function failed(column: RunColumn, result: ModelResult): RunColumn {
  const phase = result.errorCode === CANCELLED_CODE ? 'stopped' : 'error';
  // A stopped run is never charged, whatever a stale summary might say.
  return { ...column, phase, result: phase === 'stopped' ? { ...result, creditsUsed: 0 } : result, stopping: false };
}

/** The open column a run's news is for: by run id, or (before the run was named) by its model. */
function findColumn(columns: readonly RunColumn[], runId: string, model?: ModelPair): number {
  const byRun = columns.findIndex((column) => column.runId === runId);
  if (byRun !== -1) return isOpen(columns[byRun]!) ? byRun : -1;
  if (!model) return -1;
  return columns.findIndex((column) => column.runId === null && isOpen(column) && columnKey(column) === columnKey(model));
}

function changeColumn(state: RequestState, index: number, change: (column: RunColumn) => RunColumn): RequestState {
  if (index === -1) return state;
  const columns = state.columns.slice();
  columns[index] = change(columns[index]!);
  return { ...state, columns };
}

function inScope(column: RunColumn, scope: UpdateScope): boolean {
  return 'request' in scope ? column.attempt === 0 : columnKey(column) === scope.column;
}

function applyUpdate(state: RequestState, update: RunUpdate, scope: UpdateScope): RequestState {
  switch (update.type) {
    case 'run-started': {
      let next = state;
      if ('request' in scope) next = { ...next, requestId: next.requestId ?? update.requestId };
      // A model the page did not know it asked (a resumed request whose record was incomplete) gets a column too.
      if (findColumn(next.columns, update.runId, update) === -1 && 'request' in scope && next.status === 'running') {
        next = { ...next, columns: [...next.columns, waitingColumn(update)] };
      }
      const { requestId, runId } = update;
      return changeColumn(next, findColumn(next.columns, runId, update), (column) => ({ ...column, requestId, runId, text: '', sources: [] }));
    }
    case 'text-appended':
      if (update.text === '') return state;
      return changeColumn(state, findColumn(state.columns, update.runId), (column) => ({ ...column, phase: 'streaming', text: column.text + update.text }));
    case 'sources-added':
      return changeColumn(state, findColumn(state.columns, update.runId), (column) => ({ ...column, sources: addSources(column.sources, update.sources) }));
    case 'run-completed':
      return changeColumn(state, findColumn(state.columns, update.result.runId, update.result), (column) => completed(column, update.result));
    case 'run-failed': {
      const index = findColumn(state.columns, update.runId, update.result ?? undefined);
      return changeColumn(state, index, (column) => failed(column, update.result ?? failedResult(column, update.failure)));
    }
    case 'request-finished': {
      if (!('request' in scope) || state.status !== 'running') return state;
      // Normally every column has ended by now; a summary settles any whose news was missed.
      const columns = state.columns.map((column) => {
        if (!isOpen(column) || column.attempt > 0) return column;
        const result = update.results?.find((candidate) =>
          column.runId !== null ? candidate.runId === column.runId : columnKey(candidate) === columnKey(column),
        );
        return !result ? column : result.success ? completed(column, result) : failed(column, result);
      });
      return { ...state, status: 'finished', requestId: state.requestId ?? update.requestId, columns };
    }
    case 'request-failed': {
      if ('request' in scope && state.status !== 'running') return state;
      // Refused before any model started: there is nothing to show per model, only the error.
      if ('request' in scope && state.requestId === null) return { ...state, status: 'finished', columns: [], error: update.failure };
      const columns = state.columns.map((column) =>
        isOpen(column) && inScope(column, scope) ? failed(column, failedResult(column, update.failure)) : column,
      );
      return 'request' in scope ? { ...state, status: 'finished', columns, error: update.failure } : { ...state, columns };
    }
  }
}

function markStopping(state: RequestState, keys: readonly string[], stopping: boolean): RequestState {
  const wanted = new Set(keys);
  return { ...state, columns: state.columns.map((column) => (wanted.has(columnKey(column)) && isOpen(column) ? { ...column, stopping } : column)) };
}

export function requestReducer(state: RequestState, action: RequestAction): RequestState {
  switch (action.type) {
    case 'asked':
      return { ...initialRequestState, status: 'running', columns: action.models.map((model) => waitingColumn(model)) };
    case 'resumed':
      return { ...initialRequestState, status: 'running', requestId: action.requestId, columns: action.models.map((model) => waitingColumn(model)) };
    case 'restored':
      return { ...initialRequestState, status: 'finished', requestId: action.requestId, columns: action.results.map((result) => restoredColumn(action.requestId, result)) };
    case 'cleared':
      return initialRequestState;
    case 'update':
      // Cleared: whatever was still on its way belongs to a request nobody is looking at.
      return state.status === 'idle' ? state : applyUpdate(state, action.update, action.scope);
    case 'column-retried':
      return {
        ...state,
        columns: state.columns.map((column) =>
          columnKey(column) === action.key && !isOpen(column)
            ? waitingColumn(column, column.attempt + 1, [...column.earlier, { text: column.text, result: column.result, phase: column.phase }])
            : column,
        ),
      };
    case 'stop-requested':
      return markStopping(state, action.keys, true);
    case 'stop-failed':
      return markStopping(state, action.keys, false);
  }
}
