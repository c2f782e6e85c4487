import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as Type from 'typebox/type';
import {
  AnalyticsData,
  CorrectVerdictBody,
  CorrectVerdictParams,
  MentionRecord,
  MentionsData,
  MentionsFilterQuery,
  MentionsQuery,
  RecentBrandsData,
  RecentBrandsQuery,
} from '../../../contract/brand.ts';
import { success } from '../../../contract/envelope.ts';
import {
  brandAnalytics,
  correctVerdict,
  countMentions,
  findMentions,
  mentionsCsv,
  recentBrands,
} from '../../../core/brand/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { errorResponses, jsonResponses } from '../../schemas/route-responses.ts';
import { DEFAULT_PAGE_SIZE, DEFAULT_WINDOW_DAYS, mentionsFilter, mentionsPage } from './mentions-query.ts';

/** What the recent-configs call returns without `limit`, and the most it returns. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

const tags = ['Brand monitoring'];
const codes = ['VALIDATION_ERROR', 'UNAUTHORIZED'] as const;

/** `value` as a whole number between 1 and `maximum`, or `fallback` when absent. */
function bounded(value: string | undefined, fallback: number, maximum: number): number {
  return Math.min(maximum, Math.max(1, Number(value ?? fallback)));
}

/**
 * The Brand Mentions page's calls, for the signed-in person's own answers: the mentions found
 * (`GET /api/brand-config/mentions`, and as CSV), the analytics per brand (`GET /api/brand-config/analytics`) and the brand
 * configs they used (`GET /api/brand-config/recent`). Brand data belongs to a signed-in person.
 */
const brandRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/brand-config/mentions',
    {
      schema: {
        summary: 'Answers that mentioned your brands, newest first, a page at a time',
        description: `Only answers where the brand was found, from the last \`days\` (default ${DEFAULT_WINDOW_DAYS}), narrowed by \`brandName\`, \`model\`, \`sentiment\` and \`surface\`; \`page\` from 1 and \`pageSize\` (or \`limit\`) 1 to 100, default ${DEFAULT_PAGE_SIZE}. \`total\` counts every match.`,
        tags,
        querystring: MentionsQuery,
        response: jsonResponses(MentionsData, codes),
      },
      config: { signIn: 'required' },
    },
    async (request) => {
      const userId = request.signedIn.user.id;
      const filter = mentionsFilter(request.query);
      const page = mentionsPage(request.query);
      const em = app.orm.em.fork();
      const [mentions, total] = await Promise.all([
        findMentions(em, userId, filter, { limit: page.pageSize, offset: (page.page - 1) * page.pageSize }),
        countMentions(em, userId, filter),
      ]);
      return success({ mentions, total, ...page });
    },
  );

  app.get(
    '/brand-config/mentions.csv',
    {
      schema: {
        summary: 'Every mention matching the filters, as CSV (streamed)',
        description: 'The same filters as `/brand-config/mentions`, every page; text a spreadsheet would run as a formula starts with an apostrophe.',
        tags,
        querystring: MentionsFilterQuery,
        response: {
          200: { description: 'CSV with a header line.', content: { 'text/csv': { schema: Type.String() } } },
          ...errorResponses(codes),
        },
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const filter = mentionsFilter(request.query);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="brand-mentions.csv"');
      // A stream, not the string the schema describes: Fastify pipes it as it is produced.
      return reply.send(Readable.from(mentionsCsv(app.orm.em.fork(), request.signedIn.user.id, filter)) as never);
    },
  );

  app.get(
    '/brand-config/analytics',
    {
      schema: {
        summary: 'How the answers talk about each brand you monitored',
        description: 'Per brand: counts over every analysed answer, mention rate, sentiment trend, and the series the dashboard draws; with your recent brand configs.',
        tags,
        response: jsonResponses(AnalyticsData, codes),
      },
      config: { signIn: 'required' },
    },
    async (request) => {
      const userId = request.signedIn.user.id;
      const em = app.orm.em.fork();
      const [analytics, recent] = await Promise.all([brandAnalytics(em, userId), recentBrands(em, userId, DEFAULT_LIMIT)]);
      return success({ analytics, recentBrands: recent });
    },
  );

  app.post(
    '/brand-config/mentions/:id/correction',
    {
      schema: {
        summary: 'Correct the verdict of one mention ("Wrong?")',
        description:
          'Sets how the answer really speaks of the brand: positive, neutral or negative. Stored with who and when, the analyser\'s verdict kept; analytics, tracking and exports use the corrected one. Sending the analyser\'s own verdict takes the correction back.',
        tags,
        params: CorrectVerdictParams,
        body: CorrectVerdictBody,
        response: jsonResponses(Type.Object({ mention: MentionRecord }), [...codes, 'NOT_FOUND']),
      },
      config: { signIn: 'required' },
    },
    async (request) => {
      const mention = await correctVerdict(app.orm.em.fork(), request.signedIn.user.id, request.params.id, request.body.sentiment);
      if (!mention) throw new AppError('NOT_FOUND', 'No such brand mention.');
      return success({ mention });
    },
  );

  app.get(
    '/brand-config/recent',
    {
      schema: {
        summary: 'The brand configs you asked with, most recently used first',
        tags,
        querystring: RecentBrandsQuery,
        response: jsonResponses(RecentBrandsData, codes),
      },
      config: { signIn: 'required' },
    },
    async (request) => {
      const userId = request.signedIn.user.id;
      const recent = await recentBrands(app.orm.em.fork(), userId, bounded(request.query.limit, DEFAULT_LIMIT, MAX_LIMIT));
      return success({ recentBrands: recent });
    },
  );
};

export default brandRoutes;
