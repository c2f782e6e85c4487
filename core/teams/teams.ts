import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ComparedModel } from '../../contract/ask.ts';
import { TEAM_LIMITS, type Team, type TeamBody, type TeamJudge } from '../../contract/teams.ts';
import type { ModelCatalogue } from '../catalogue/index.ts';
import { AppError } from '../errors/index.ts';
import { checkedColumnSettings } from '../requests/index.ts';

/**
 * Saved teams: a person's named sets of models with their column settings and an optional judge or council. What is
 * saved is checked the way admission would check it (known models, each once, settings each model accepts), so a
 * team that saves can be asked; the catalogue may still change later, and admission then says which model is gone.
 */

interface TeamRow {
  id: string;
  name: string;
  models: ComparedModel[];
  judge: TeamJudge | null;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = `id, name, models, judge, created_at as "createdAt", updated_at as "updatedAt"`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const teamOf = (row: TeamRow): Team => ({
  id: row.id,
  name: row.name,
  models: row.models,
  judge: row.judge,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** The body as it will be stored: trimmed name, known models each once with settings they accept, a judge that reads. */
function checkedTeam(catalogue: ModelCatalogue, body: TeamBody): { name: string; models: ComparedModel[]; judge: TeamJudge | null } {
  const name = body.name.trim();
  if (name === '') throw new AppError('VALIDATION_ERROR', 'Give the team a name');
  const seen = new Set<string>();
  const models = body.models.map((entry) => {
    const engine = catalogue.findEngine(entry.engine);
    const model = engine && catalogue.findModel(engine, entry.model);
    if (!engine || !model) throw new AppError('VALIDATION_ERROR', `Unknown model "${entry.model}" for ${entry.engine}`);
    const key = `${engine.id}/${model.id}`;
    if (seen.has(key)) throw new AppError('VALIDATION_ERROR', `${engine.name} - ${model.name} is in the team twice`);
    seen.add(key);
    const settings = checkedColumnSettings(model, entry.settings);
    return { engine: engine.id, model: model.id, ...(settings ? { settings } : {}) };
  });
  const judge = body.judge ?? null;
  if (judge) {
    const engine = catalogue.findEngine(judge.engine);
    const model = engine && catalogue.findModel(engine, judge.model);
    if (!engine || !model) throw new AppError('VALIDATION_ERROR', `Unknown ${judge.kind === 'council' ? 'chairman' : 'judge'} model "${judge.model}" for ${judge.engine}`);
    if (engine.provider === 'serpapi') throw new AppError('VALIDATION_ERROR', `${engine.name} searches rather than reads: it cannot judge answers.`);
    if (models.length < 2) throw new AppError('VALIDATION_ERROR', `A ${judge.kind} needs a team of two models or more.`);
  }
  return { name, models, judge };
}

function refuseTakenName(error: unknown, name: string): never {
  if ((error as { code?: string }).code === '23505') throw new AppError('VALIDATION_ERROR', `You already have a team called "${name}".`);
  throw error;
}

export async function listTeams(em: EntityManager, userId: string): Promise<Team[]> {
  return (await em.execute<TeamRow[]>(`select ${COLUMNS} from teams where user_id = ? order by lower(name), id`, [userId])).map(teamOf);
}

/** The person's own team; null for an unknown id or anyone else's (told apart by nobody). */
export async function findTeam(em: EntityManager, userId: string, teamId: string): Promise<Team | null> {
  if (!UUID.test(teamId)) return null;
  const [row] = await em.execute<TeamRow[]>(`select ${COLUMNS} from teams where id = ? and user_id = ?`, [teamId, userId]);
  return row ? teamOf(row) : null;
}

/**
 * Saves a new team, at most `TEAM_LIMITS.perAccount` per person. The count and the insert are one statement, taken
 * under a lock on the person's row, so two saves at once cannot both squeeze past the cap.
 */
export async function createTeam(em: EntityManager, catalogue: ModelCatalogue, userId: string, body: TeamBody): Promise<Team> {
  const team = checkedTeam(catalogue, body);
  const rows = await em
    .transactional(async (tx) => {
      await tx.execute(`select id from users where id = ? for update`, [userId]);
      return tx.execute<TeamRow[]>(
        `insert into teams (id, user_id, name, models, judge)
         select ?, ?, ?, ?::jsonb, ?::jsonb where (select count(*) from teams where user_id = ?) < ?
         returning ${COLUMNS}`,
        [randomUUID(), userId, team.name, JSON.stringify(team.models), team.judge ? JSON.stringify(team.judge) : null, userId, TEAM_LIMITS.perAccount],
      );
    })
    .catch((error: unknown) => refuseTakenName(error, team.name));
  if (rows.length === 0) throw new AppError('VALIDATION_ERROR', `You can keep at most ${TEAM_LIMITS.perAccount} teams. Delete one to save another.`);
  return teamOf(rows[0]!);
}

export async function updateTeam(em: EntityManager, catalogue: ModelCatalogue, userId: string, teamId: string, body: TeamBody): Promise<Team> {
  const team = checkedTeam(catalogue, body);
  if (!UUID.test(teamId)) throw new AppError('NOT_FOUND', 'Team not found');
  const rows = await em
    .execute<TeamRow[]>(
      `update teams set name = ?, models = ?::jsonb, judge = ?::jsonb, updated_at = now() where id = ? and user_id = ? returning ${COLUMNS}`,
      [team.name, JSON.stringify(team.models), team.judge ? JSON.stringify(team.judge) : null, teamId, userId],
    )
    .catch((error: unknown) => refuseTakenName(error, team.name));
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'Team not found');
  return teamOf(rows[0]!);
}

export async function deleteTeam(em: EntityManager, userId: string, teamId: string): Promise<void> {
  if (!UUID.test(teamId)) throw new AppError('NOT_FOUND', 'Team not found');
  const rows = await em.execute<{ id: string }[]>(`delete from teams where id = ? and user_id = ? returning id`, [teamId, userId]);
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'Team not found');
}
