import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../contract/envelope.ts';
import { ReanalysisBody, ReanalysisPreviewData, ReanalysisStartedData, type ReanalysisPreview } from '../../../contract/tracking-reanalysis.ts';
import { SetParams } from '../../../contract/tracking.ts';
import { runCredits } from '../../../core/credits/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { TRACKING_REANALYSE_JOB_NAME } from '../../../core/jobs/index.ts';
import { CURRENT_ANALYSER, reanalysisCounts } from '../../../core/tracking/index.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';
import { ownedSet, readCodes, tags, writeCodes } from './owned-set.ts';

/**
 * Re-analysing a set's history from the dashboard: a preview of what it reads and what the judge would cost, then
 * the job itself on the tracking queue. The person pays nothing for it: the local analyser is free, and judge calls
 * go on the operator's key as every brand judge call does (docs/brand-monitoring.md). The start must quote the
 * preview's reading count, so a set that has grown since is shown its figures again before anything runs.
 */
export const trackingReanalysisRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Whether a re-analysis of the set is waiting or under way on the tracking queue. */
  const running = async (setId: string) => {
    const jobs = await app.trackingQueue.getJobs(['waiting', 'active', 'delayed', 'prioritized']);
    return jobs.some((job) => job?.name === TRACKING_REANALYSE_JOB_NAME && (job.data as { setId?: string }).setId === setId);
  };

  const preview = async (setId: string): Promise<ReanalysisPreview> => {
    const counts = await reanalysisCounts(app.orm.em.fork(), setId);
    const judge = app.brandJudgeModel;
    return {
      readings: counts.readings,
      outdated: counts.outdated,
      analyser: CURRENT_ANALYSER,
      judge: judge ? { model: judge.id, calls: counts.readings, operatorCredits: counts.readings * runCredits(app.catalogue, judge.engine, judge.model, false) } : null,
      creditsCharged: 0,
      running: await running(setId),
      lastReanalysedAt: counts.lastReanalysedAt,
    };
  };

  app.get(
    '/tracking/sets/:id/reanalyse',
    {
      schema: {
        summary: 'What re-analysing the set\'s stored answers would read and cost',
        description:
          'How many stored answers a re-analysis reads, how many an older analyser made, the analyser it would use and, when this server has a judge model, how many judge calls it makes and what they would cost at the model\'s price. Judge calls are paid by the operator; the set\'s owner is charged nothing (`creditsCharged` 0).',
        tags,
        params: SetParams,
        response: jsonResponses(ReanalysisPreviewData, [...readCodes]),
      },
      config: { signIn: 'required' },
    },
    async (request) => {
      const { set } = await ownedSet(app, request);
      return success({ reanalysis: await preview(set.id) });
    },
  );

  app.post(
    '/tracking/sets/:id/reanalyse',
    {
      schema: {
        summary: 'Re-analyse the set\'s stored answers with the current analyser (and judge)',
        description:
          'Queues a job that reads every stored answer of the set again with the current local analyser, and with the judge model too when `judge` is true and the server has one. `readings` must be the figure the preview gave: a set that has gained or lost readings since is refused, so its figures can be shown again. One re-analysis per set at a time. Each reading it rewrites records `analyserVersion` and `reanalysedAt`.',
        tags,
        params: SetParams,
        body: ReanalysisBody,
        response: jsonResponses(ReanalysisStartedData, [...writeCodes]),
      },
      config: { signIn: 'required' },
    },
    async (request) => {
      const { set } = await ownedSet(app, request);
      const judge = request.body.judge ?? false;
      if (judge && !app.brandJudgeModel) throw new AppError('VALIDATION_ERROR', 'This server has no judge model: re-analyse with the local analyser only');
      const current = await preview(set.id);
      if (current.running) throw new AppError('VALIDATION_ERROR', 'A re-analysis of this set is already under way');
      if (current.readings !== request.body.readings) {
        throw new AppError('VALIDATION_ERROR', `The set now has ${current.readings} readings, not ${request.body.readings}: look at what a re-analysis costs again before starting it`);
      }
      if (current.readings === 0) throw new AppError('VALIDATION_ERROR', 'The set has no stored answers to re-analyse yet');
      await app.trackingQueue.add(TRACKING_REANALYSE_JOB_NAME, { setId: set.id, judge }, { attempts: 1 });
      return success({ reanalysis: { queued: true, readings: current.readings, judge } });
    },
  );
};
