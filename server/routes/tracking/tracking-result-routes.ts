import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendSetCsv } from './set-csv.ts';
import * as Type from 'typebox/type';
import { success } from '../../../contract/envelope.ts';
import {
  SetParams,
  TrackingDashboardData,
  TrackingDashboardQuery,
  TrackingResultsData,
  TrackingResultsQuery,
  TrackingRunsData,
  TrackingRunsQuery,
} from '../../../contract/tracking.ts';
import { AppError } from '../../../core/errors/index.ts';
import { errorResponses, jsonResponses } from '../../schemas/route-responses.ts';
import {
  CANARY_RUNS,
  trackingCanary,
  trackingCsv,
  trackingDashboard,
  trackingResults,
  trackingRuns,
  trackingTables,
} from '../../../core/tracking/index.ts';
import { TRACKING_TABLE_DAYS, TRACKING_TABLE_DAYS_MESSAGE, TrackingTablesData, TrackingTablesQuery } from '../../../contract/tracking-tables.ts';
import { CANARY_DRIFT_FLOOR, CANARY_DRIFT_MARGIN, TrackingCanaryData } from '../../../contract/tracking-canary.ts';
import { ownedSet, readCodes, tags } from './owned-set.ts';

const DEFAULT_RESULTS = 100;
const MAX_RESULTS = 1_000;
const RUNS_LISTED = 60;

/** A set's numbers: the dashboard's series, its runs, and its stored results as JSON pages or a streamed CSV. */
export const trackingResultRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tracking/sets/:id/dashboard',
    {
      schema: {
        summary: 'Visibility, share of voice, position and sentiment over time',
        description:
          'Per completed run (the latest 120): overall, per model and per AI Overview country; with the most cited domains and the model version changes. ' +
          'All of it for one surface (`surface`: a plain model, a model with web search, or the AI Overview), never averaged across surfaces; each surface\'s overall series comes along in `surfaces`.',
        tags,
        params: SetParams,
        querystring: TrackingDashboardQuery,
        response: jsonResponses(TrackingDashboardData, ['VALIDATION_ERROR', ...readCodes]),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const { set } = await ownedSet(app, request);
      return success({ dashboard: await trackingDashboard(app.orm.em.fork(), set.id, request.query.surface, app.config.tracking.dayMs) });
    },
  );

  app.get(
    '/tracking/sets/:id/tables',
    {
      schema: {
        summary: 'Where to act: the prompt × model grid, cited domains with source opportunities, share of voice per prompt',
        description:
          'Over the completed runs of the last `days` days (1 to 90, default 30), on one surface (`surface`, as for the dashboard; default the set\'s first): visibility per prompt and model with Wilson 95% intervals; the most cited domains and the domains cited next to competitors but never next to the brand; each brand\'s share of voice per prompt with a bootstrap interval.',
        tags,
        params: SetParams,
        querystring: TrackingTablesQuery,
        response: jsonResponses(TrackingTablesData, ['VALIDATION_ERROR', ...readCodes]),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const { set } = await ownedSet(app, request);
      const days = Number(request.query.days ?? TRACKING_TABLE_DAYS.default);
      if (!Number.isInteger(days) || days < TRACKING_TABLE_DAYS.minimum || days > TRACKING_TABLE_DAYS.maximum) {
        throw new AppError('VALIDATION_ERROR', TRACKING_TABLE_DAYS_MESSAGE);
      }
      return success({ tables: await trackingTables(app.orm.em.fork(), set, days, request.query.surface) });
    },
  );

  app.get(
    '/tracking/sets/:id/canary',
    {
      schema: {
        summary: 'How steadily each model answers the set\'s canary prompts, run by run',
        description:
          `Per model and completed run (the latest ${CANARY_RUNS}): the word overlap (0 to 100) of its canary answers with the previous run's answers to the same prompts, ` +
          `the model's usual overlap (the median of its earlier runs) and whether this run changed (${CANARY_DRIFT_MARGIN} points below the usual, or under ${CANARY_DRIFT_FLOOR} before there is one). ` +
          'A brand\'s drop in a run where the canaries changed too may be the model\'s doing. Empty for a set without canary prompts.',
        tags,
        params: SetParams,
        response: jsonResponses(TrackingCanaryData, [...readCodes]),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const { set } = await ownedSet(app, request);
      return success({ canary: await trackingCanary(app.orm.em.fork(), set) });
    },
  );

  app.get(
    '/tracking/sets/:id/runs',
    {
      schema: {
        summary: 'A set\'s runs, newest first, with their numbers',
        description: 'Each run\'s numbers are on one surface: `surface` when given, else the run\'s first; never averaged across surfaces. Credits are the whole run\'s.',
        tags,
        params: SetParams,
        querystring: TrackingRunsQuery,
        response: jsonResponses(TrackingRunsData, ['VALIDATION_ERROR', ...readCodes]),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const { set } = await ownedSet(app, request);
      return success({ runs: await trackingRuns(app.orm.em.fork(), set.id, RUNS_LISTED, request.query.surface) });
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
      const { set } = await ownedSet(app, request);
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
      const { set } = await ownedSet(app, request);
      return sendSetCsv(reply, 'tracking', set.name, trackingCsv(app.orm.em.fork(), set.id));
    },
  );
};

