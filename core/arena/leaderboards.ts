import type { EntityManager } from '@mikro-orm/postgresql';
import { ARENA_CATEGORIES, type Leaderboard, type LeaderboardCategory, type LeaderboardEntry } from '../../contract/arena.ts';
import type { ModelCatalogue } from '../catalogue/model-catalogue.ts';
import { rateModels, type PairwiseOutcome } from './bradley-terry.ts';

interface OutcomeRow {
  request_id: string;
  category: string;
  model_a: string;
  model_b: string;
  score_a: number;
}

/** A model's name as people know it (`GPT-4o mini`), falling back to its id for a model no longer offered. */
function modelName(catalogue: ModelCatalogue | null, engineId: string, modelId: string): string {
  const engine = catalogue?.findEngine(engineId);
  const model = engine ? catalogue?.findModel(engine, modelId) : undefined;
  return model?.name ?? modelId;
}

function entriesOf(outcomes: readonly PairwiseOutcome[], catalogue: ModelCatalogue | null, bootstrapRounds: number): LeaderboardEntry[] {
  return rateModels(outcomes, { bootstrapRounds }).map((rated, index) => {
    const slash = rated.model.indexOf('/');
    const engine = rated.model.slice(0, slash);
    const model = rated.model.slice(slash + 1);
    const round = (value: number) => Math.round(value * 10) / 10;
    return {
      rank: index + 1,
      engine,
      model,
      name: modelName(catalogue, engine, model),
      score: round(rated.score),
      lower: round(rated.lower),
      upper: round(rated.upper),
      battles: rated.battles,
      wins: rated.wins,
      losses: rated.losses,
      ties: rated.ties,
    };
  });
}

function leaderboardOf(category: LeaderboardCategory, rows: readonly OutcomeRow[], catalogue: ModelCatalogue | null, bootstrapRounds: number, computedAt: Date | null): Leaderboard {
  const chosen = category === 'overall' ? rows : rows.filter((row) => row.category === category);
  const outcomes = chosen.map((row) => ({ modelA: row.model_a, modelB: row.model_b, scoreA: Number(row.score_a) }));
  return {
    category,
    computedAt: computedAt?.toISOString() ?? null,
    votes: new Set(chosen.map((row) => row.request_id)).size,
    entries: entriesOf(outcomes, catalogue, bootstrapRounds),
  };
}

export const LEADERBOARD_CATEGORIES: readonly LeaderboardCategory[] = ['overall', ...ARENA_CATEGORIES];

/**
 * Fits every leaderboard (overall and per category) from all votes and stores them: what the scheduled job runs.
 * Reading stored boards keeps the public page cheap however many votes there are.
 */
export async function recomputeLeaderboards(em: EntityManager, catalogue: ModelCatalogue | null, bootstrapRounds = 200): Promise<Leaderboard[]> {
  const rows = await em.execute<OutcomeRow[]>(`select request_id, category, model_a, model_b, score_a from arena_outcomes order by id`);
  const computedAt = new Date();
  const boards = LEADERBOARD_CATEGORIES.map((category) => leaderboardOf(category, rows, catalogue, bootstrapRounds, computedAt));
  for (const board of boards) {
    await em.execute(
      `insert into arena_leaderboards (category, computed_at, votes, entries) values (?, ?, ?, ?::jsonb)
       on conflict (category) do update set computed_at = excluded.computed_at, votes = excluded.votes, entries = excluded.entries`,
      [board.category, computedAt, board.votes, JSON.stringify(board.entries)],
    );
  }
  return boards;
}

/** The stored board of a category; empty until the job has run once. */
export async function storedLeaderboard(em: EntityManager, category: LeaderboardCategory): Promise<Leaderboard> {
  const [row] = await em.execute<{ computed_at: Date; votes: number; entries: LeaderboardEntry[] }[]>(
    `select computed_at, votes, entries from arena_leaderboards where category = ?`,
    [category],
  );
  if (!row) return { category, computedAt: null, votes: 0, entries: [] };
  return { category, computedAt: new Date(row.computed_at).toISOString(), votes: row.votes, entries: row.entries };
}

/** One person's own board, fitted from their votes alone when asked (they are few). */
export async function personalLeaderboard(em: EntityManager, userId: string, category: LeaderboardCategory, catalogue: ModelCatalogue | null): Promise<Leaderboard> {
  const rows = await em.execute<OutcomeRow[]>(`select request_id, category, model_a, model_b, score_a from arena_outcomes where user_id = ? order by id`, [userId]);
  return leaderboardOf(category, rows, catalogue, 100, new Date());
}
