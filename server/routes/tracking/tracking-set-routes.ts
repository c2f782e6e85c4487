import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as Type from 'typebox/type';
import { success } from '../../../contract/envelope.ts';
import {
  CostPreview,
  CostPreviewBody,
  SAMPLES_PER_CELL,
  SetParams,
  TrackingSetBody,
  TrackingSetData,
  TrackingSetsData,
  TrackingSetUpdate,
} from '../../../contract/tracking.ts';
import {
  checkTrackedModels,
  createTrackingSet,
  deleteTrackingSet,
  describeTrackingSets,
  ownedTrackingSet,
  ownedTrackingSets,
  scheduleTrackingSet,
  trackingCost,
  unscheduleTrackingSet,
  updateTrackingSet,
} from '../../../core/tracking/index.ts';
import type { StoredTrackingSet } from '../../../core/tracking/index.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';
import { ownedSet, readCodes, tags, writeCodes } from './owned-set.ts';

/**
 * Prompt sets: their cost before saving, then create, list, edit, pause or resume, delete. Saving an active set
 * (re)starts its BullMQ job scheduler; pausing or deleting stops it.
 */
export const trackingSetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const engineSettings = { demoMode: app.config.demoMode, providers: app.config.providers, localModels: app.config.localModels };
  const dayMs = app.config.tracking.dayMs;

  async function describe(set: StoredTrackingSet) {
    const [described] = await describeTrackingSets(app.orm.em.fork(), app.catalogue, [set]);
    return described!;
  }

  app.post(
    '/tracking/cost-preview',
    {
      schema: {
        summary: 'What a set would cost per run, week and month',
        description:
          'Every prompt asked of every model per run, `samplesPerCell` times (default 3), and every canary prompt once (`canaryPrompts`, default 0), at the models\' prices; failed answers are free, so this is the most it can cost.',
        tags,
        body: CostPreviewBody,
        response: jsonResponses(CostPreview, ['VALIDATION_ERROR', 'UNAUTHORIZED']),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const { models, prompts, cadence, samplesPerCell, canaryPrompts } = request.body;
      return success(trackingCost(app.catalogue, models, prompts, cadence, samplesPerCell ?? SAMPLES_PER_CELL.default, canaryPrompts ?? 0));
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
    async (request, reply) => success({ set: await describe((await ownedSet(app, request)).set) }),
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
      const { user, set } = await ownedSet(app, request);
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
      const { set } = await ownedSet(app, request);
      await unscheduleTrackingSet(app.trackingQueue, set.id);
      await deleteTrackingSet(app.orm.em.fork(), set.id);
      return success({ deleted: true });
    },
  );
};
