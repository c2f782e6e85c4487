import type { EntityManager } from '@mikro-orm/postgresql';
import { blindLabel, type ArenaCategory } from '../../contract/arena.ts';

/** What is stored about a round beside its request: the category, the label order and the names to hide. */
export interface StoredArenaRound {
  requestId: string;
  category: ArenaCategory;
  /** Run ids in label order: the first is Model A. */
  runOrder: string[];
  hiddenNames: string[];
  revealedAt: Date | null;
}

interface ArenaRoundRow {
  request_id: string;
  category: ArenaCategory;
  run_order: string[];
  hidden_names: string[];
  revealed_at: Date | null;
}

export async function insertArenaRound(em: EntityManager, round: Omit<StoredArenaRound, 'revealedAt'>): Promise<void> {
  await em.execute(`insert into arena_rounds (request_id, category, run_order, hidden_names) values (?, ?, ?::jsonb, ?::jsonb)`, [
    round.requestId,
    round.category,
    JSON.stringify(round.runOrder),
    JSON.stringify(round.hiddenNames),
  ]);
}

export async function loadArenaRounds(em: EntityManager, requestIds: readonly string[]): Promise<Map<string, StoredArenaRound>> {
  if (requestIds.length === 0) return new Map();
  const rows = await em.execute<ArenaRoundRow[]>(
    `select request_id, category, run_order, hidden_names, revealed_at from arena_rounds where request_id = any(?::uuid[])`,
    [`{${requestIds.join(',')}}`],
  );
  return new Map(
    rows.map((row) => [
      row.request_id,
      { requestId: row.request_id, category: row.category, runOrder: row.run_order, hiddenNames: row.hidden_names, revealedAt: row.revealed_at ? new Date(row.revealed_at) : null },
    ]),
  );
}

export async function loadArenaRound(em: EntityManager, requestId: string): Promise<StoredArenaRound | null> {
  return (await loadArenaRounds(em, [requestId])).get(requestId) ?? null;
}

/**
 * Each run's label. Runs missing from the stored order (there are none unless the row was lost) get labels after the
 * stored ones, by position, so a round is never shown with names by accident.
 */
export function roundLabels(round: Pick<StoredArenaRound, 'runOrder'> | null, runIdsByPosition: readonly string[]): Map<string, string> {
  const order = [...(round?.runOrder ?? []).filter((runId) => runIdsByPosition.includes(runId))];
  for (const runId of runIdsByPosition) if (!order.includes(runId)) order.push(runId);
  return new Map(order.map((runId, position) => [runId, blindLabel(position)]));
}
