import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompareRequestBody } from '../../contract/ask.ts';
import type { Team, TeamCompareRequestBody } from '../../contract/teams.ts';
import { AppError } from '../errors/index.ts';
import { findTeam, listTeams } from './teams.ts';

/**
 * A comparison body that may name a team (`teamId`) instead of its models, made into an ordinary comparison body:
 * the team's models with their saved settings. Every asking door (`/api/compare`, its stream, `/v1/compare`, the MCP
 * `compare` tool) calls this before admission, so a team means the same everywhere. Teams belong to signed-in
 * people (an API key stands for its owner); a guest or someone else's team id is refused as not found.
 */
export async function resolveCompareTeam(em: EntityManager, userId: string | null, body: TeamCompareRequestBody): Promise<CompareRequestBody> {
  const { teamId, models, ...rest } = body;
  if (teamId === undefined) {
    if (!models) throw new AppError('VALIDATION_ERROR', 'Please select at least one model to compare');
    return { ...rest, models };
  }
  if (models) throw new AppError('VALIDATION_ERROR', 'Send either models or teamId, not both.');
  const team = userId ? await findTeam(em, userId, teamId) : null;
  if (!team) throw new AppError('NOT_FOUND', 'Team not found');
  return { ...rest, models: team.models };
}

/** A team named the way an assistant names it: by its id, or by its name whatever its case. */
export async function findTeamByReference(em: EntityManager, userId: string, reference: string): Promise<Team | null> {
  const byId = await findTeam(em, userId, reference.trim());
  if (byId) return byId;
  const wanted = reference.trim().toLowerCase();
  return (await listTeams(em, userId)).find((team) => team.name.toLowerCase() === wanted) ?? null;
}
