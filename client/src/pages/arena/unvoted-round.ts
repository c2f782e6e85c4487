import { fetchRound, type ArenaRound } from '../../api/arena-api.ts';
import type { RunColumn } from '../../requests/request-state.ts';
import { readStored, removeStored, storageKeys, writeStored } from '../../storage/local-storage.ts';

/**
 * The round this tab has not voted on yet, kept in sessionStorage: a reload after the answers finished (when the
 * runner has nothing left to resume) still brings the vote back instead of losing it.
 */
const UNVOTED_ROUND_KEY = storageKeys.arenaRound;

export const rememberUnvotedRound = (requestId: string): void => writeStored(UNVOTED_ROUND_KEY, requestId, 'session');
export const forgetUnvotedRound = (): void => removeStored(UNVOTED_ROUND_KEY, 'session');
export const unvotedRound = (): string | null => {
  const stored = readStored<unknown>(UNVOTED_ROUND_KEY, 'session');
  return typeof stored === 'string' ? stored : null;
};

/** A stored round's answers as the columns the page shows (blind, as the server sends them before the vote). */
export function columnsOfRound(round: ArenaRound): RunColumn[] {
  return round.answers.map((answer) => ({
    engine: 'arena',
    model: answer.label,
    requestId: round.requestId,
    runId: answer.runId,
    attempt: 0,
    phase: answer.success ? 'done' : 'error',
    text: answer.response ?? '',
    sources: [],
    result: answer,
    stopping: false,
    earlier: [],
  }));
}

/**
 * After a reload with no round still answering: the round this tab has not voted on, fetched and handed to `show`
 * while it still waits for its vote (forgotten otherwise). Returns the function that abandons the call.
 */
export function restoreUnvotedRound(show: (round: { requestId: string; question: string; columns: RunColumn[] }) => void): (() => void) | undefined {
  const requestId = unvotedRound();
  if (!requestId) return undefined;
  const controller = new AbortController();
  fetchRound(requestId, controller.signal)
    .then((stored) => {
      if (stored.status === 'voting') show({ requestId, question: stored.query, columns: columnsOfRound(stored) });
      else forgetUnvotedRound();
    })
    .catch(() => {
      if (!controller.signal.aborted) forgetUnvotedRound();
    });
  return () => controller.abort();
}
