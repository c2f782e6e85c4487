import type { EntityManager } from '@mikro-orm/postgresql';
import { ARENA_CATEGORIES, type Leaderboard, type LeaderboardCategory, type LeaderboardEntry, type LeaderboardStyle, type StyleEffect } from '../../contract/arena.ts';
import { ARENA_RULES } from '../../contract/arena-rules.ts';
import type { ModelCatalogue } from '../catalogue/index.ts';
import { styleDifference, type AnswerStyle } from './answer-style.ts';
import { fitBoard, type BoardFit } from './board-fit.ts';
import type { WeightedOutcome } from './bradley-terry.ts';

interface OutcomeRow {
  request_id: string;
  category: string;
  model_a: string;
  model_b: string;
  score_a: number;
  weight: number;
  style_a: AnswerStyle | null;
  style_b: AnswerStyle | null;
}

/** What a stored board keeps beside its entries. */
interface BoardDetails {
  droppedVotes: number;
  minBattles: number;
  hidden: number;
  styleEffects: StyleEffect[];
}

export interface LeaderboardSettings {
  /** Weighted battles a model needs to be shown (`ARENA_MIN_BATTLES`). */
  minBattles: number;
  bootstrapRounds?: number;
}

export const LEADERBOARD_CATEGORIES: readonly LeaderboardCategory[] = ['overall', ...ARENA_CATEGORIES];
export const LEADERBOARD_STYLES: readonly LeaderboardStyle[] = ['controlled', 'raw'];

const OUTCOME_COLUMNS = `request_id, category, model_a, model_b, score_a, weight, style_a, style_b`;

/** A model's name as people know it (`GPT-4o mini`), falling back to its id for a model no longer offered. */
function modelName(catalogue: ModelCatalogue | null, engineId: string, modelId: string): string {
  return catalogue?.modelOf(engineId, modelId)?.name ?? modelId;
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

function outcomesOf(rows: readonly OutcomeRow[], useWeights: boolean): WeightedOutcome[] {
  return rows.map((row) => ({
    round: row.request_id,
    modelA: row.model_a,
    modelB: row.model_b,
    scoreA: Number(row.score_a),
    weight: useWeights ? Number(row.weight) : 1,
    // An outcome whose answers' style is unknown counts as equal in style.
    style: row.style_a && row.style_b ? styleDifference(row.style_a, row.style_b) : null,
  }));
}

function entriesOf(fit: BoardFit, catalogue: ModelCatalogue | null): LeaderboardEntry[] {
  return fit.models.map((rated, index) => {
    const slash = rated.model.indexOf('/');
    const engine = rated.model.slice(0, slash);
    const model = rated.model.slice(slash + 1);
    return {
      rank: index + 1,
      engine,
      model,
      name: modelName(catalogue, engine, model),
      score: round1(rated.score),
      lower: round1(rated.lower),
      upper: round1(rated.upper),
      rankLower: rated.rankLower,
      rankUpper: rated.rankUpper,
      group: rated.group,
      battles: rated.battles,
      wins: rated.wins,
      losses: rated.losses,
      ties: rated.ties,
    };
  });
}

interface BoardInput {
  category: LeaderboardCategory;
  style: LeaderboardStyle;
  rows: readonly OutcomeRow[];
  droppedVotes: number;
  computedAt: Date;
  useWeights: boolean;
}

function boardOf(input: BoardInput, catalogue: ModelCatalogue | null, settings: LeaderboardSettings): Leaderboard {
  const chosen = input.category === 'overall' ? input.rows : input.rows.filter((row) => row.category === input.category);
  const fit = fitBoard(outcomesOf(chosen, input.useWeights), { style: input.style, bootstrapRounds: settings.bootstrapRounds ?? 200, minBattles: settings.minBattles });
  const counted = input.useWeights ? chosen.filter((row) => Number(row.weight) > 0) : chosen;
  return {
    category: input.category,
    style: input.style,
    computedAt: input.computedAt.toISOString(),
    votes: new Set(counted.map((row) => row.request_id)).size,
    droppedVotes: input.droppedVotes,
    minBattles: settings.minBattles,
    hidden: fit.hidden,
    styleEffects: fit.styleEffects.map((effect) => ({ ...effect, points: round1(effect.points), lower: round1(effect.lower), upper: round1(effect.upper) })),
    entries: entriesOf(fit, catalogue),
    personal: null,
  };
}

/**
 * Fits every leaderboard (overall and per category, raw and style-controlled) from all votes and stores them: what
 * the scheduled job and the refit after votes run. Reading stored boards keeps the public page cheap however many
 * votes there are.
 */
export async function recomputeLeaderboards(em: EntityManager, catalogue: ModelCatalogue | null, settings: LeaderboardSettings): Promise<Leaderboard[]> {
  const rows = await em.execute<OutcomeRow[]>(`select ${OUTCOME_COLUMNS} from arena_outcomes order by id`);
  const dropped = await em.execute<{ category: string; votes: string }[]>(
    `select category, count(*) as votes from arena_votes where dropped_reason is not null group by category`,
  );
  const droppedIn = (category: LeaderboardCategory): number =>
    dropped.filter((row) => category === 'overall' || row.category === category).reduce((sum, row) => sum + Number(row.votes), 0);
  const computedAt = new Date();
  const boards = LEADERBOARD_CATEGORIES.flatMap((category) =>
    LEADERBOARD_STYLES.map((style) => boardOf({ category, style, rows, droppedVotes: droppedIn(category), computedAt, useWeights: true }, catalogue, settings)),
  );
  for (const board of boards) {
    const details: BoardDetails = { droppedVotes: board.droppedVotes, minBattles: board.minBattles, hidden: board.hidden, styleEffects: board.styleEffects };
    await em.execute(
      `insert into arena_leaderboards (category, style, computed_at, votes, entries, details) values (?, ?, ?, ?, ?::jsonb, ?::jsonb)
       on conflict (category, style) do update set computed_at = excluded.computed_at, votes = excluded.votes, entries = excluded.entries, details = excluded.details`,
      [board.category, board.style, computedAt, board.votes, JSON.stringify(board.entries), JSON.stringify(details)],
    );
  }
  return boards;
}

/** The stored board of a category and style; empty until the job has run once. */
export async function storedLeaderboard(em: EntityManager, category: LeaderboardCategory, style: LeaderboardStyle, minBattles: number): Promise<Leaderboard> {
  const [row] = await em.execute<{ computed_at: Date; votes: number; entries: LeaderboardEntry[]; details: Partial<BoardDetails> }[]>(
    `select computed_at, votes, entries, details from arena_leaderboards where category = ? and style = ?`,
    [category, style],
  );
  const empty: Leaderboard = { category, style, computedAt: null, votes: 0, droppedVotes: 0, minBattles, hidden: 0, styleEffects: [], entries: [], personal: null };
  if (!row) return empty;
  return {
    ...empty,
    computedAt: new Date(row.computed_at).toISOString(),
    votes: row.votes,
    droppedVotes: row.details.droppedVotes ?? 0,
    minBattles: row.details.minBattles ?? minBattles,
    hidden: row.details.hidden ?? 0,
    styleEffects: row.details.styleEffects ?? [],
    // Boards stored before rank intervals had none: each model's own rank, alone in its group, until the next fit.
    entries: row.entries.map((entry: Omit<LeaderboardEntry, 'rankLower' | 'rankUpper' | 'group'> & Partial<LeaderboardEntry>) => ({
      ...entry,
      rankLower: entry.rankLower ?? entry.rank,
      rankUpper: entry.rankUpper ?? entry.rank,
      group: entry.group ?? entry.rank,
    })),
  };
}

/**
 * One person's own board, fitted from their votes alone when asked (they are few), every one at full weight: it is
 * their taste, not a public claim. It opens after `ARENA_RULES.personalBoardVotes` votes; before that it says how
 * many there are.
 */
export async function personalLeaderboard(
  em: EntityManager,
  userId: string,
  category: LeaderboardCategory,
  style: LeaderboardStyle,
  catalogue: ModelCatalogue | null,
): Promise<Leaderboard> {
  const [cast] = await em.execute<{ votes: string }[]>(`select count(*) as votes from arena_votes where user_id = ?`, [userId]);
  const votes = Number(cast?.votes ?? 0);
  const personal = { votes, needed: ARENA_RULES.personalBoardVotes };
  if (votes < ARENA_RULES.personalBoardVotes) {
    return { category, style, computedAt: null, votes: 0, droppedVotes: 0, minBattles: 0, hidden: 0, styleEffects: [], entries: [], personal };
  }
  const rows = await em.execute<OutcomeRow[]>(`select ${OUTCOME_COLUMNS} from arena_outcomes where user_id = ? order by id`, [userId]);
  const board = boardOf({ category, style, rows, droppedVotes: 0, computedAt: new Date(), useWeights: false }, catalogue, { minBattles: 0, bootstrapRounds: 100 });
  return { ...board, personal };
}
