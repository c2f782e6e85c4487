import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../contract/envelope.ts';
import { SetParams } from '../../../contract/tracking.ts';
import { TrackingRetrievalData } from '../../../contract/tracking-retrieval.ts';
import { TRACKING_TABLE_DAYS, TRACKING_TABLE_DAYS_MESSAGE, TrackingTablesQuery } from '../../../contract/tracking-tables.ts';
import * as Type from 'typebox/type';
import { AppError } from '../../../core/errors/index.ts';
import { trackingRetrieval } from '../../../core/tracking/index.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';
import { ownedSet, readCodes, tags } from './owned-set.ts';

/** The window is the tables' (`days`, 1 to 90, default 30); retrieval reads every searching surface at once. */
const RetrievalQuery = Type.Object({ days: TrackingTablesQuery.properties.days }, { additionalProperties: false });

/** What the set's answers searched, retrieved and cited: `GET /api/tracking/sets/:id/retrieval`. */
export const trackingRetrievalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tracking/sets/:id/retrieval',
    {
      schema: {
        summary: 'What the models searched, retrieved and cited: your site and each competitor\'s',
        description:
          `Over the completed runs of the last \`days\` days (${TRACKING_TABLE_DAYS.minimum} to ${TRACKING_TABLE_DAYS.maximum}, default ${TRACKING_TABLE_DAYS.default}), ` +
          'from the answers that searched the web (web search and AI Overview answers; the others have no search trail): for the brand\'s site and each competitor\'s, ' +
          'the share of answers that retrieved one of its pages and the share that cited one, with Wilson 95% intervals; the queries whose answers retrieved a competitor\'s pages but none of the brand\'s; ' +
          'and per prompt the queries run most often. The brand\'s site is its website\'s domain; a competitor\'s is any host carrying its name.',
        tags,
        params: SetParams,
        querystring: RetrievalQuery,
        response: jsonResponses(TrackingRetrievalData, ['VALIDATION_ERROR', ...readCodes]),
      },
      config: { signIn: 'required' },
    },
    async (request) => {
      const { set } = await ownedSet(app, request);
      const days = Number(request.query.days ?? TRACKING_TABLE_DAYS.default);
      if (!Number.isInteger(days) || days < TRACKING_TABLE_DAYS.minimum || days > TRACKING_TABLE_DAYS.maximum) {
        throw new AppError('VALIDATION_ERROR', TRACKING_TABLE_DAYS_MESSAGE);
      }
      return success({ retrieval: await trackingRetrieval(app.orm.em.fork(), set, days) });
    },
  );
};
