import type { EntityManager } from '@mikro-orm/postgresql';
import { nameMask } from './blind-text.ts';
import type { HistoryRow } from '../requests/index.ts';
import { loadArenaRounds, roundLabels } from './arena-rounds.ts';
import { blindResult } from './blind-results.ts';

/**
 * History rows as a player may see them: an arena round not voted on yet shows its answers blind, in label order
 * (`Model A`…), exactly as the round's own page does, so the history cannot give the models away before the vote.
 */
export async function blindUnrevealedRounds(em: EntityManager, rows: readonly HistoryRow[]): Promise<HistoryRow[]> {
  const arenaIds = rows.filter((row) => row.kind === 'arena').map((row) => row.id);
  const rounds = await loadArenaRounds(em, arenaIds);
  return rows.map((row) => {
    if (row.kind !== 'arena') return row;
    const round = rounds.get(row.id) ?? null;
    if (round?.revealedAt) return row;
    const labels = roundLabels(round, row.results.map((result) => result.runId));
    const mask = nameMask(round?.hiddenNames ?? []);
    const results = row.results
      .map((result) => ({ label: labels.get(result.runId) ?? '', result }))
      .sort((a, b) => a.label.localeCompare(b.label))
      .map(({ label, result }) => {
        // A round is never regenerated: its one version is the blind answer itself (never the named original).
        const { versions: _named, ...answer } = result;
        // Arena rounds are asked without settings; none are shown before the vote either way.
        const blind = { ...blindResult(answer, label, mask), settings: null };
        return { ...blind, versions: [blind] };
      });
    return { ...row, results };
  });
}
