import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ArenaParams, ArenaRequestBody, ArenaRound, ArenaVoteBody, Leaderboard, LeaderboardQuery } from '../../../contract/arena.ts';
import { CompareStreamFrame } from '../../../contract/compare-stream.ts';
import { success } from '../../../contract/envelope.ts';
import {
  admitArenaRound,
  arenaRoundView,
  nameMask,
  personalLeaderboard,
  scheduleRefitAfterVote,
  storedLeaderboard,
  voteOnRound,
} from '../../../core/arena/index.ts';
import { blindArenaFormat } from '../../streaming/blind-arena-format.ts';
import { askRateLimit } from '../../requests/ask-rate-limit.ts';
import { limitStoreOf } from '../../limits/person-and-address-limit.ts';
import { ADMISSION_REFUSALS } from '../../../core/requests/index.ts';
import { loadOwnRequest } from '../../requests/request-access.ts';
import { eventStreamResponses, jsonResponses } from '../../schemas/route-responses.ts';
import { relayRequestToBrowser } from '../../streaming/relay-request-to-browser.ts';
import { voteRateLimit } from './vote-rate-limit.ts';

/** Short enough that a vote, refitted within 20 s, shows within a minute. */
const LEADERBOARD_CACHE_SECONDS = 30;

/**
 * The blind arena and its leaderboards. A round is asked like a comparison and streamed as one, labelled Model A,
 * B, C… with the names masked; `GET /arena/:id` shows it (blind until the vote); the vote reveals it. The public
 * leaderboard is what the scheduled job last computed; a person's own board is fitted from their votes on request.
 */
const arenaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A round is asking, and counts against the same limits as a question or a comparison.
  const limitAsking = askRateLimit(limitStoreOf(app), app.config.asking);
  app.post(
    '/arena/stream',
    {
      preHandler: limitAsking,
      schema: {
        summary: 'Ask a blind arena round, streamed',
        description:
          'Like a comparison, charged the same, but every frame names the models `arena` / `Model A`, `Model B`… in an order the server shuffles, ' +
          'with model names masked in the text and no costs, timings or sources until the vote.',
        tags: ['Arena'],
        body: ArenaRequestBody,
        response: eventStreamResponses(CompareStreamFrame, ADMISSION_REFUSALS),
      },
    },
    async (request, reply) => {
      const requester = await request.requester(reply);
      const { admitted, labels, hiddenNames } = await admitArenaRound(app.requestServices, request.body, requester);
      request.log.info({ searchRequestId: admitted.requestId, models: admitted.runs.length, credits: admitted.totalCredits }, 'arena round admitted');
      await relayRequestToBrowser(app.requestServices, request, reply, {
        requestId: admitted.requestId,
        runs: admitted.runs,
        format: blindArenaFormat(labels, nameMask(hiddenNames)),
      });
    },
  );

  app.get(
    '/arena/:id',
    {
      schema: {
        summary: 'An arena round: blind until the vote, then revealed',
        tags: ['Arena'],
        params: ArenaParams,
        response: jsonResponses(ArenaRound, ['NOT_FOUND']),
      },
    },
    async (request, reply) => {
      const em = app.orm.em.fork();
      const { searchRequest, runs } = await loadOwnRequest(em, request, reply, request.params.id);
      reply.header('cache-control', 'no-store');
      return success(await arenaRoundView(em, searchRequest, runs));
    },
  );

  const limitVoting = voteRateLimit(app);
  app.post(
    '/arena/:id/vote',
    {
      preHandler: limitVoting,
      schema: {
        summary: 'Vote on an arena round and see which model wrote what',
        description:
          '`best` (one or more best answers), `ranking` (every answer in tiers, best first; a tier is a tie) or `all_bad`. ' +
          'Once per round, after every answer has ended; answers that failed cannot be placed. Answers the revealed round. ' +
          'Limited per account and per address per hour. A vote cast faster than its shortest answer can be read (800 words a minute, at least 3 s from asking) ' +
          'still reveals the round but is left out of the leaderboards; a young account’s vote counts partly.',
        tags: ['Arena'],
        params: ArenaParams,
        body: ArenaVoteBody,
        response: jsonResponses(ArenaRound, ['VALIDATION_ERROR', 'NOT_FOUND', 'ARENA_ALREADY_VOTED', 'ARENA_STILL_ANSWERING', 'RATE_LIMIT_ERROR']),
      },
    },
    async (request, reply) => {
      const em = app.orm.em.fork();
      const { searchRequest, runs } = await loadOwnRequest(em, request, reply, request.params.id);
      await voteOnRound(em, searchRequest, runs, request.body, searchRequest.user?.id ?? null);
      // The vote is stored; a refit that cannot be asked for now is done by the five-minute schedule.
      await scheduleRefitAfterVote(app.leaderboardQueue).catch((error: unknown) => request.log.warn({ err: error }, 'could not schedule a leaderboard refit'));
      return success(await arenaRoundView(app.orm.em.fork(), searchRequest, runs));
    },
  );

  app.get(
    '/leaderboard',
    {
      schema: {
        summary: 'The public leaderboard',
        description:
          'Bradley–Terry scores from every arena vote on an Elo-like scale (1000 is the average model, +400 means ten times the odds of winning), ' +
          'with 95% bootstrap intervals of score and rank and groups of statistically tied models; overall or per category. `style=controlled` (the default) ' +
          'holds answer length and markdown equal and publishes their effects; `style=raw` is the plain fit. Only models with enough battles are shown. ' +
          'Refitted within a minute of votes, and every five minutes.',
        tags: ['Arena'],
        querystring: LeaderboardQuery,
        response: jsonResponses(Leaderboard, ['VALIDATION_ERROR']),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${LEADERBOARD_CACHE_SECONDS}`);
      return success(await storedLeaderboard(app.orm.em.fork(), request.query.category ?? 'overall', request.query.style ?? 'controlled', app.config.arena.minBattles));
    },
  );

  app.get(
    '/leaderboard/mine',
    {
      schema: {
        summary: 'Your own leaderboard, from your votes',
        description: 'Opens after 30 of your votes; until then `entries` is empty and `personal` says how many you have cast.',
        tags: ['Arena'],
        querystring: LeaderboardQuery,
        response: jsonResponses(Leaderboard, ['VALIDATION_ERROR', 'UNAUTHORIZED']),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const session = request.signedIn;
      reply.header('cache-control', 'no-store');
      return success(await personalLeaderboard(app.orm.em.fork(), session.user.id, request.query.category ?? 'overall', request.query.style ?? 'controlled', app.catalogue));
    },
  );
};

export default arenaRoutes;
