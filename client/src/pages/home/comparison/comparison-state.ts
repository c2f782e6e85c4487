import type { ComparisonResult, ModelPair, SourceLink } from '../../../api/compare-contract.ts';
import type { CompareProgressEvent } from '../../../api/compare-stream.ts';
import type { StreamFailure } from '../../../api/event-stream-exchange.ts';

/**
 * The comparison on the home page as a pure reducer (spec section 4, "Compare stream events"), so every transition
 * can be tested without a DOM. Each model has its own column that moves at its own pace:
 * `waiting` (asked, no text yet) → `streaming` → `done` | `error`. The comparison as a whole is `idle`, `loading`
 * until `all_complete` or a failure, then `finished`. A finished column can be retried on its own, which puts it
 * back to `waiting` without touching the others.
 */

export type ColumnPhase = 'waiting' | 'streaming' | 'done' | 'error';

export interface ComparisonColumn extends ModelPair {
  /** The run answering in this column, once the server has named it. */
  runId: string | null;
  phase: ColumnPhase;
  /** Markdown so far; the final response once done. Kept after an error so a partial answer stays readable. */
  text: string;
  sources: SourceLink[];
  /** The model's result once it has completed, successfully or not. */
  result: ComparisonResult | null;
}

export type ComparisonStatus = 'idle' | 'loading' | 'finished';

export interface ComparisonState {
  status: ComparisonStatus;
  /** The server's id for the comparison, from the first `model_start`. */
  requestId: string | null;
  columns: ComparisonColumn[];
  /** What stopped the comparison as a whole (a refusal, a broken stream); each model's own error is in its column. */
  error: StreamFailure | null;
}

export type ComparisonAction =
  /** A new comparison was sent: one waiting column per model. */
  | { type: 'started'; models: readonly ModelPair[] }
  /** A comparison from before a reload is being followed again: its events will be replayed from the start. */
  | { type: 'resumed'; requestId: string; models: readonly ModelPair[] }
  | { type: 'event'; event: CompareProgressEvent }
  /** The comparison could not go on; columns still open stop with the failure. */
  | { type: 'failed'; failure: StreamFailure }
  /** One finished column is asked again on its own. */
  | { type: 'column-retried'; column: ModelPair }
  | { type: 'cleared' };

export const initialComparisonState: ComparisonState = { status: 'idle', requestId: null, columns: [], error: null };

export function sameModel(a: ModelPair, b: ModelPair): boolean {
  return a.engine === b.engine && a.model === b.model;
}

export function isOpen(column: ComparisonColumn): boolean {
  return column.phase === 'waiting' || column.phase === 'streaming';
}

function waitingColumn(model: ModelPair): ComparisonColumn {
  return { engine: model.engine, model: model.model, runId: null, phase: 'waiting', text: '', sources: [], result: null };
}

/** The spec's total: starts at 0 and sums the credits of every completed answer (retries included). */
export function totalCreditsUsed(state: ComparisonState): number {
  return state.columns.reduce((sum, column) => sum + (column.result?.creditsUsed ?? 0), 0);
}

/** The result of a model that did not answer: no response, no charge, the failure's words and retry flag. */
export function failedResult(model: ModelPair, runId: string | null, failure: StreamFailure): ComparisonResult {
  return {
    engine: model.engine,
    model: model.model,
    runId,
    success: false,
    response: null,
    error: failure.message,
    errorCode: failure.code,
    retryable: failure.retryable,
    creditsUsed: 0,
    timeToFirstTokenMs: null,
    durationMs: null,
    sources: [],
  };
}

function complete(column: ComparisonColumn, result: ComparisonResult): ComparisonColumn {
  return {
    ...column,
    runId: result.runId ?? column.runId,
    phase: result.success ? 'done' : 'error',
    // The final response replaces the streamed text; a failure keeps what did arrive.
    text: result.success ? (result.response ?? '') : column.text,
    sources: result.sources.length > 0 ? result.sources : column.sources,
    result,
  };
}

/** Applies `change` to the open column of `model`. Events for a column that has already ended are late news. */
function updateColumn(state: ComparisonState, model: ModelPair, change: (column: ComparisonColumn) => ComparisonColumn): ComparisonState {
  const index = state.columns.findIndex((column) => sameModel(column, model));
  if (index === -1 || !isOpen(state.columns[index]!)) return state;
  const columns = state.columns.slice();
  columns[index] = change(columns[index]!);
  return { ...state, columns };
}

function applyEvent(state: ComparisonState, event: CompareProgressEvent): ComparisonState {
  // Cleared: whatever was still on its way belongs to a comparison nobody is looking at.
  if (state.status === 'idle') return state;
  switch (event.type) {
    case 'model_start': {
      const requestId = state.requestId ?? event.requestId;
      // A model the page did not know it asked (a resumed comparison whose record was incomplete) gets a column too.
      const known = state.columns.some((column) => sameModel(column, event));
      const withColumn = known || state.status !== 'loading' ? state : { ...state, columns: [...state.columns, waitingColumn(event)] };
      return updateColumn({ ...withColumn, requestId }, event, (column) => ({ ...column, runId: event.runId, text: '', sources: [] }));
    }
    case 'model_chunk':
      return updateColumn(state, event, (column) =>
        event.content === '' ? column : { ...column, phase: 'streaming', text: column.text + event.content },
      );
    case 'model_sources':
      return updateColumn(state, event, (column) => ({ ...column, sources: event.sources }));
    case 'model_complete':
      return updateColumn(state, event, (column) => complete(column, event.result));
    case 'all_complete': {
      if (state.status !== 'loading') return state;
      // Normally every column has completed by now; the stored results settle any whose news was missed.
      const columns = state.columns.map((column) => {
        if (!isOpen(column)) return column;
        const result = event.results.find((candidate) => sameModel(candidate, column));
        return result ? complete(column, result) : column;
      });
      return { ...state, status: 'finished', requestId: state.requestId ?? event.requestId, columns };
    }
  }
}

export function comparisonReducer(state: ComparisonState, action: ComparisonAction): ComparisonState {
  switch (action.type) {
    case 'started':
      return { ...initialComparisonState, status: 'loading', columns: action.models.map(waitingColumn) };
    case 'resumed':
      return { ...initialComparisonState, status: 'loading', requestId: action.requestId, columns: action.models.map(waitingColumn) };
    case 'cleared':
      return initialComparisonState;
    case 'event':
      return applyEvent(state, action.event);
    case 'failed': {
      if (state.status !== 'loading') return state;
      // Refused before any model started: there is nothing to show per model, only the error.
      const columns =
        state.requestId === null
          ? []
          : state.columns.map((column) =>
              isOpen(column) ? { ...column, phase: 'error' as const, result: failedResult(column, column.runId, action.failure) } : column,
            );
      return { ...state, status: 'finished', columns, error: action.failure };
    }
    case 'column-retried':
      return {
        ...state,
        columns: state.columns.map((column) => (sameModel(column, action.column) && !isOpen(column) ? waitingColumn(column) : column)),
      };
  }
}
