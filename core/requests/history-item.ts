import type { HistoryEntry, HistoryItem } from '../../contract/history.ts';
import type { HistoryRow } from './request-history-repository.ts';
import { totalCredits } from './request-versions.ts';

const COMPARISON_MODEL_PREFIX = 'comparison:';

/**
 * A history row as `GET /api/user-requests` sends it: the one place the wire's legacy strings are made. A
 * comparison's `engine` says how it was asked (`comparison_stream` or `comparison`) and its `model` lists its runs
 * (`comparison:engine/model,…`); its `response` is a JSON string holding the results. `kind` and `results` say the
 * same plainly.
 */
export function serializeHistoryItem(row: HistoryRow): HistoryItem {
  // An arena round is a comparison whose engine says it was blind.
  const comparison = row.kind !== 'single';
  return {
    id: row.id,
    kind: row.kind,
    query: row.query,
    // The legacy text carries each model's standing answer only; `results` has the versions.
    response: comparison ? JSON.stringify({ results: row.results.map(({ versions: _versions, ...standing }) => standing) }) : (row.results[0]?.response ?? null),
    status: row.status,
    errorMessage: row.errorMessage,
    engine: row.kind === 'arena' ? 'arena' : comparison ? (row.streamed ? 'comparison_stream' : 'comparison') : (row.engine ?? ''),
    model: comparison ? `${COMPARISON_MODEL_PREFIX}${row.results.map((result) => `${result.engine}/${result.model}`).join(',')}` : (row.model ?? ''),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    creditsUsed: totalCredits(row.results),
    searchEnabled: row.searchEnabled,
    brandMonitoringEnabled: row.brandMonitoringEnabled,
    brandConfig: row.brandConfig,
    aiOverviewParams: row.aiOverviewParams,
    results: row.results,
    followUpOf: row.followUpOf,
    continueMode: row.continueMode,
    carryFrom: row.carryFrom,
    versionOf: row.versionOf,
    attachments: row.attachments ?? [],
  };
}

/**
 * A conversation as `GET /api/user-requests` lists it: its first question's fields, then the conversation's own
 * (its id, how many turns, when it was last asked in, its total cost) and every turn, oldest first.
 */
export function serializeHistoryEntry(conversation: { threadId: string; lastActivityAt: Date; turns: readonly HistoryRow[] }): HistoryEntry {
  const turns = conversation.turns.map(serializeHistoryItem);
  return {
    ...turns[0]!,
    threadId: conversation.threadId,
    turnCount: turns.length,
    lastActivityAt: conversation.lastActivityAt.toISOString(),
    totalCredits: turns.reduce((sum, turn) => sum + turn.creditsUsed, 0),
    turns,
  };
}
