import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import * as Type from 'typebox/type';
import { success } from '../../../contract/envelope.ts';
import {
  CostPreview,
  CostPreviewBody,
  SetParams,
  TrackingDashboardData,
  TrackingResultsData,
  TrackingResultsQuery,
  TrackingRunsData,
  TrackingSetBody,
  TrackingSetData,
  TrackingSetsData,
  TrackingSetUpdate,
} from '../../../contract/tracking.ts';
import type { User } from '../../../core/database/entities/user.ts';
import { trackingCost } from '../../../core/tracking/tracking-cost.ts';
import { scheduleTrackingSet, unscheduleTrackingSet } from '../../../core/tracking/tracking-schedules.ts';
import type { StoredTrackingSet } from '../../../core/tracking/tracking-sets.ts';
import { AppError } from '../../../core/errors/app-error.ts';
import { errorResponses, jsonResponses } from '../../schemas/route-responses.ts';
import { trackingCsv } from '../../../core/tracking/tracking-csv.ts';
import { trackingDashboard, trackingResults } from '../../../core/tracking/tracking-results-repository.ts';
import { checkTrackedModels } from '../../../core/tracking/tracking-set-checks.ts';
import {
  createTrackingSet,
  deleteTrackingSet,
  describeTrackingSets,
  ownedTrackingSet,
  ownedTrackingSets,
  trackingRuns,
  updateTrackingSet,
} from '../../../core/tracking/tracking-set-repository.ts';

const tags = ['Tracking'];
const readCodes = ['UNAUTHORIZED', 'NOT_FOUND'] as const;
const writeCodes = ['VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'] as const;
const DEFAULT_RESULTS = 100;
const MAX_RESULTS = 1_000;
const RUNS_LISTED = 60;

/**
 * GEO tracking's calls: prompt sets (create, list, edit, pause or resume, delete) with their cost, the dashboard's
 * series, the runs, the stored results as JSON pages and as a streamed CSV. Saving an active set (re)starts its
 * BullMQ job scheduler; pausing or deleting stops it. Tracking belongs to a signed-in person.
 */
const trackingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const engineSettings = { demoMode: app.config.demoMode, providers: app.config.providers, localModels: app.config.localModels };
  const dayMs = app.config.tracking.dayMs;

  async function ownedSet(request: FastifyRequest<{ Params: { id: string } }>): Promise<{ user: User; set: StoredTrackingSet }> {
    const user = request.signedIn.user;
    const set = await ownedTrackingSet(app.orm.em.fork(), user.id, request.params.id);
    if (!set) throw new AppError('NOT_FOUND', 'No such tracked prompt set');
    return { user, set };
  }

  async function describe(set: StoredTrackingSet) {
    const [described] = await describeTrackingSets(app.orm.em.fork(), app.catalogue, [set]);
    return described!;
  }

  app.post(
    '/tracking/cost-preview',
    {
      schema: {
        summary: 'What a set would cost per run, week and month',
        description: 'Every prompt asked of every model per run, at the models\' prices; failed answers are free, so this is the most it can cost.',
        tags,
        body: CostPreviewBody,
        response: jsonResponses(CostPreview, ['VALIDATION_ERROR', 'UNAUTHORIZED']),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      return success(trackingCost(app.catalogue, request.body.models, request.body.prompts, request.body.cadence));
    },
  );

  app.get(
    '/tracking/sets',
    { schema: { summary: 'Your tracked prompt sets, newest first', tags, response: jsonResponses(TrackingSetsData, ['UNAUTHORIZED']) }, config: { signIn: 'required' } },
    async (request, reply) => {
      const user = request.signedIn.user;
      const em = app.orm.em.fork();
      return success({ sets: await describeTrackingSets(em, app.catalogue, await ownedTrackingSets(em, user.id)) });
    },
  );

  app.post(
    '/tracking/sets',
    {
      schema: {
        summary: 'Create a tracked prompt set; its first run starts at once',
        tags,
        body: TrackingSetBody,
        response: jsonResponses(TrackingSetData, writeCodes),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const user = request.signedIn.user;
      const aiOverview = checkTrackedModels(app.catalogue, engineSettings, user.tier, request.body.models, request.body.aiOverviewParams);
      const set = await createTrackingSet(app.orm.em.fork(), user.id, request.body, aiOverview);
      await scheduleTrackingSet(app.trackingQueue, set, dayMs);
      return success({ set: await describe(set) });
    },
  );

  app.get(
    '/tracking/sets/:id',
    { schema: { summary: 'One tracked prompt set', tags, params: SetParams, response: jsonResponses(TrackingSetData, readCodes) }, config: { signIn: 'required' } },
    async (request, reply) => success({ set: await describe((await ownedSet(request)).set) }),
  );

  app.patch(
    '/tracking/sets/:id',
    {
      schema: {
        summary: 'Edit a set, or pause or resume it',
        description: 'Resuming a set paused for want of credits restarts its schedule; the next run checks the balance again.',
        tags,
        params: SetParams,
        body: TrackingSetUpdate,
        response: jsonResponses(TrackingSetData, writeCodes),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const { user, set } = await ownedSet(request);
      const models = request.body.models ?? set.models;
      const aiOverview = checkTrackedModels(app.catalogue, engineSettings, user.tier, models, request.body.aiOverviewParams ?? set.aiOverviewParams);
      const em = app.orm.em.fork();
      await updateTrackingSet(em, set, request.body, aiOverview);
      const updated = (await ownedTrackingSet(em, user.id, set.id))!;
      if (updated.status === 'active') await scheduleTrackingSet(app.trackingQueue, updated, dayMs);
      else await unscheduleTrackingSet(app.trackingQueue, updated.id);
      return success({ set: await describe(updated) });
    },
  );

  app.delete(
    '/tracking/sets/:id',
    {
      schema: { summary: 'Delete a set with its history', tags, params: SetParams, response: jsonResponses(Type.Object({ deleted: Type.Boolean() }), readCodes) },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const { set } = await ownedSet(request);
      await unscheduleTrackingSet(app.trackingQueue, set.id);
      await deleteTrackingSet(app.orm.em.fork(), set.id);
      return success({ deleted: true });
    },
  );

  app.get(
    '/tracking/sets/:id/dashboard',
    {
      schema: {
        summary: 'Visibility, share of voice, position and sentiment over time',
        description: 'Per completed run (the latest 120): overall, per model and per AI Overview country; with the most cited domains.',
        tags,
        params: SetParams,
        response: jsonResponses(TrackingDashboardData, readCodes),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const { set } = await ownedSet(request);
      return success({ dashboard: await trackingDashboard(app.orm.em.fork(), set.id) });
    },
  );

  app.get(
    '/tracking/sets/:id/runs',
    { schema: { summary: 'A set\'s runs, newest first, with their numbers', tags, params: SetParams, response: jsonResponses(TrackingRunsData, readCodes) }, config: { signIn: 'required' } },
    async (request, reply) => {
      const { set } = await ownedSet(request);
      return success({ runs: await trackingRuns(app.orm.em.fork(), set.id, RUNS_LISTED) });
    },
  );

  app.get(
    '/tracking/sets/:id/results',
    {
      schema: {
        summary: 'A set\'s stored results, oldest first, a page at a time',
        description: `One per model answer: mention, position, sentiment, share of voice, cited domains, the answer. \`limit\` 1 to ${MAX_RESULTS} (default ${DEFAULT_RESULTS}); pass \`nextCursor\` as \`cursor\` for the next page; \`runId\` for one run.`,
        tags,
        params: SetParams,
        querystring: TrackingResultsQuery,
        response: jsonResponses(TrackingResultsData, ['VALIDATION_ERROR', ...readCodes]),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const { set } = await ownedSet(request);
      const limit = Math.min(MAX_RESULTS, Math.max(1, Number(request.query.limit ?? DEFAULT_RESULTS)));
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      for (const value of [request.query.cursor, request.query.runId]) {
        if (value !== undefined && !uuid.test(value)) throw new AppError('VALIDATION_ERROR', 'cursor and runId are ids from earlier answers');
      }
      const results = await trackingResults(app.orm.em.fork(), set.id, { limit, after: request.query.cursor, runId: request.query.runId });
      return success({ results, nextCursor: results.length === limit ? results.at(-1)!.id : null });
    },
  );

  app.get(
    '/tracking/sets/:id/results.csv',
    {
      schema: {
        summary: 'A set\'s whole history as CSV (streamed)',
        description: 'The same rows as `/results`, one line per model answer; cited domains separated by spaces.',
        tags,
        params: SetParams,
        response: {
          200: { description: 'CSV with a header line.', content: { 'text/csv': { schema: Type.String() } } },
          ...errorResponses(readCodes),
        },
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const { set } = await ownedSet(request);
      const fileName = `tracking-${set.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase() || 'set'}.csv`;
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`);
      // A stream, not the string the schema describes: Fastify pipes it as it is produced.
      return reply.send(Readable.from(trackingCsv(app.orm.em.fork(), set.id)) as never);
    },
  );
};

export default trackingRoutes;
