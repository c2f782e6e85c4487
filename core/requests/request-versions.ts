import type { HistoryItem, HistoryResult, HistoryVersion } from '../../contract/history.ts';
import { RUN_FAILURES } from '../runs/index.ts';
import type { SearchRequestStatus } from '../database/index.ts';
import type { RunResult } from './request-results.ts';

/** One model's place in a request: the answer it stands by, and every answer it gave there, oldest first. */
export type ModelVersions = HistoryResult;

const STOPPED_CODE: keyof typeof RUN_FAILURES = 'CANCELLED';

const sameModel = (a: Pick<RunResult, 'engine' | 'model'>, b: Pick<RunResult, 'engine' | 'model'>) => a.engine === b.engine && a.model === b.model;

/**
 * Each model of a request with its versions: its first answer (`originals`, in the order the models were picked),
 * then the answers it gave when regenerated (`regenerated`, oldest first). The model stands by its newest answer
 * that completed, else by its newest: that is also the one its conversation continues from.
 */
export function modelVersions(originals: readonly HistoryVersion[], regenerated: readonly HistoryVersion[]): ModelVersions[] {
  return originals.map((original) => {
    const versions = [original, ...regenerated.filter((result) => sameModel(result, original))];
    const standing = versions.findLast((version) => version.success) ?? versions.at(-1)!;
    return { ...standing, versions };
  });
}

/** A result that was stopped: never an error, never charged. */
export const isStoppedResult = (result: Pick<RunResult, 'errorCode'>): boolean => result.errorCode === STOPPED_CODE;

/**
 * How a request ended, as the history tells it: still answering while any version is; `completed` once any model
 * stands by an answer (a regenerated one included); `stopped` when every model was stopped (a stop is not a
 * failure); otherwise the stored outcome.
 */
export function historyStatus(stored: SearchRequestStatus, pending: boolean, results: readonly ModelVersions[]): HistoryItem['status'] {
  if (pending) return 'pending';
  if (results.some((result) => result.success)) return 'completed';
  if (results.length > 0 && results.every(isStoppedResult)) return 'stopped';
  return stored;
}

/** What every version of every model cost: each regenerated answer is charged as its own run. */
export const totalCredits = (results: readonly ModelVersions[]): number =>
  results.reduce((sum, result) => sum + result.versions.reduce((versionSum, version) => versionSum + version.creditsUsed, 0), 0);
