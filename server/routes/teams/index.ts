import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../contract/envelope.ts';
import { DeletedTeam, Team, TeamBody, TeamList, TeamParams, TEAM_LIMITS } from '../../../contract/teams.ts';
import { AppError } from '../../../core/errors/index.ts';
import { createTeam, deleteTeam, findTeam, listTeams, updateTeam } from '../../../core/teams/index.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

/**
 * Saved teams, a signed-in person's own: list, save (at most `TEAM_LIMITS.perAccount`), read, change and delete.
 * Another person's team answers as not found. Asking with one is `teamId` on `POST /api/compare`.
 */
const teamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Teams'];

  app.get(
    '/teams',
    { schema: { summary: 'Your saved teams, by name', tags, response: jsonResponses(TeamList, ['UNAUTHORIZED']) }, config: { signIn: 'required' } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return success({ teams: await listTeams(app.orm.em.fork(), request.signedIn.user.id), limit: TEAM_LIMITS.perAccount });
    },
  );

  app.post(
    '/teams',
    {
      schema: {
        summary: 'Save a team: models with their settings, and a judge or council',
        description: `At most ${TEAM_LIMITS.perAccount} teams per account; names are unique per account whatever their case.`,
        tags,
        body: TeamBody,
        response: jsonResponses(Team, ['VALIDATION_ERROR', 'UNAUTHORIZED']),
      },
      config: { signIn: 'required' },
    },
    async (request) => success(await createTeam(app.orm.em.fork(), app.catalogue, request.signedIn.user.id, request.body)),
  );

  app.get(
    '/teams/:id',
    { schema: { summary: 'One of your teams', tags, params: TeamParams, response: jsonResponses(Team, ['UNAUTHORIZED', 'NOT_FOUND']) }, config: { signIn: 'required' } },
    async (request, reply) => {
      const team = await findTeam(app.orm.em.fork(), request.signedIn.user.id, request.params.id);
      if (!team) throw new AppError('NOT_FOUND', 'Team not found');
      reply.header('cache-control', 'no-store');
      return success(team);
    },
  );

  app.put(
    '/teams/:id',
    {
      schema: {
        summary: 'Change one of your teams (the whole team is replaced)',
        tags,
        params: TeamParams,
        body: TeamBody,
        response: jsonResponses(Team, ['VALIDATION_ERROR', 'UNAUTHORIZED', 'NOT_FOUND']),
      },
      config: { signIn: 'required' },
    },
    async (request) => success(await updateTeam(app.orm.em.fork(), app.catalogue, request.signedIn.user.id, request.params.id, request.body)),
  );

  app.delete(
    '/teams/:id',
    {
      schema: { summary: 'Delete one of your teams', tags, params: TeamParams, response: jsonResponses(DeletedTeam, ['UNAUTHORIZED', 'NOT_FOUND']) },
      config: { signIn: 'required' },
    },
    async (request) => {
      await deleteTeam(app.orm.em.fork(), request.signedIn.user.id, request.params.id);
      return success({ id: request.params.id, deleted: true });
    },
  );
};

export default teamRoutes;
