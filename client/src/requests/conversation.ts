import type { ModelPair } from '../../../contract/ask.ts';
import type { RequestThread, ThreadTurn } from '../../../contract/thread.ts';
import { fetchThread } from '../api/thread-api.ts';
import { columnKey, type RequestState } from './request-state.ts';

/** One model's side of an earlier turn: what it answered, or that it did not. */
export interface EarlierAnswer {
  text: string;
  answered: boolean;
}

/** How a question continued the one before it, and every version of it (from the server's record). */
export type TurnPlace = RequestThread['current'];

/** A finished question of the conversation, kept to show above the answers of the follow-ups. */
export interface EarlierTurn {
  requestId: string;
  query: string;
  answers: ReadonlyMap<string, EarlierAnswer>;
  /** Known once the server has the turn: how it continued, and its versions. */
  place?: TurnPlace | null | undefined;
}

/** One question of a column's conversation, as its bubble shows it. */
export interface ThreadQuestion {
  requestId: string;
  query: string;
  place?: TurnPlace | null | undefined;
}

/** The turn a finished request makes, read off its columns (a model that failed or was stopped did not answer). */
export function turnFromState(query: string, state: RequestState): EarlierTurn {
  const answers = new Map<string, EarlierAnswer>();
  for (const column of state.columns) {
    answers.set(columnKey(column), { text: column.text, answered: column.phase === 'done' && column.text !== '' });
  }
  return { requestId: state.requestId ?? '', query, answers };
}

/** The same, from the server's record (a page reloaded mid-conversation). */
export function turnFromThread(turn: ThreadTurn): EarlierTurn {
  const answers = new Map<string, EarlierAnswer>();
  for (const result of turn.results) answers.set(columnKey(result), { text: result.response ?? '', answered: result.success && !!result.response });
  // The turn carries its place (how it continued, its versions) in its own fields.
  return { requestId: turn.requestId, query: turn.query, answers, place: turn };
}

/** What one model said in each earlier turn, for its column. */
export function columnThread(turns: readonly EarlierTurn[], model: ModelPair): (ThreadQuestion & { answer: EarlierAnswer | undefined })[] {
  const key = columnKey(model);
  return turns.map((turn) => ({ ...turn, answer: turn.answers.get(key) }));
}

/** A follow-up can be asked once every model has finished and at least one of them answered. */
export function canFollowUp(state: RequestState): boolean {
  return (
    state.status === 'finished' &&
    state.requestId !== null &&
    state.columns.length > 0 &&
    state.columns.every((column) => column.phase !== 'waiting' && column.phase !== 'streaming') &&
    state.columns.some((column) => column.phase === 'done')
  );
}

/**
 * The conversation a request belongs to, from the server (after a reload, a version picked, or once a follow-up
 * has started): its earlier turns, oldest first, and where the request itself stands (how it continued, its
 * versions). Returns the function that abandons the call.
 */
export function restoreEarlierTurns(requestId: string, onThread: (turns: EarlierTurn[], current: TurnPlace) => void): () => void {
  const controller = new AbortController();
  fetchThread(requestId, controller.signal)
    .then((thread) => onThread(thread.turns.map(turnFromThread), thread.current))
    .catch((error: unknown) => {
      if (!controller.signal.aborted) console.warn('The earlier turns of this conversation could not be loaded', error);
    });
  return () => controller.abort();
}
