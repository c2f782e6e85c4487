import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendSetCsv } from './set-csv.ts';
import * as Type from 'typebox/type';
import { FactCheckDashboardData } from '../../../contract/brand-facts.ts';
import { success } from '../../../contract/envelope.ts';
import { SetParams, TrackingDashboardQuery } from '../../../contract/tracking.ts';
import { factContradictionsCsv, trackingFactChecks } from '../../../core/tracking/index.ts';
import { errorResponses, jsonResponses } from '../../schemas/route-responses.ts';
import { ownedSet, readCodes, tags } from './owned-set.ts';

/** A set's fact-checks against its brand's fact sheet: the figures the dashboard draws, and every contradiction as CSV. */
export const trackingFactCheckRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tracking/sets/:id/fact-checks',
    {
      schema: {
        summary: "How often the answers contradict the brand's fact sheet, per model and run, with the facts and quotes",
        description:
          'Over the latest 120 completed runs, on one surface (`surface`, as for the dashboard): of the answers naming the brand that the judge model read against the sheet, ' +
          'the share with at least one contradicted statement, with its Wilson 95% interval, overall, per model and per run; the contradicted facts, most often first; ' +
          'the latest 50 contradictions in the answers\' own words; and an alert when the latest run\'s share rose significantly against the 7 days before it ' +
          '(the set\'s alertPValue and alertMinReadings, two-proportion test). `judgeModel` is null when no judge is configured: no answer is checked then.',
        tags,
        params: SetParams,
        querystring: TrackingDashboardQuery,
        response: jsonResponses(FactCheckDashboardData, ['VALIDATION_ERROR', ...readCodes]),
      },
      config: { signIn: 'required' },
    },
    async (request) => {
      const { set } = await ownedSet(app, request);
      const factChecks = await trackingFactChecks(app.orm.em.fork(), set, {
        judgeModel: app.brandJudgeModel?.id ?? null,
        surface: request.query.surface,
        dayMs: app.config.tracking.dayMs,
      });
      return success({ factChecks });
    },
  );

  app.get(
    '/tracking/sets/:id/fact-checks.csv',
    {
      schema: {
        summary: 'Every contradiction of the brand\'s fact sheet found in a set\'s answers, as CSV (streamed)',
        description: 'One line per contradicted statement, every surface, oldest first: the run, the answer, the model, the prompt, the fact, the answer\'s words and the judge.',
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
      return sendSetCsv(reply, 'fact-checks', set.name, factContradictionsCsv(app.orm.em.fork(), set.id));
    },
  );
};
