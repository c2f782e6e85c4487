import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AnalyticsData, MentionsData, MentionsQuery, RecentBrandsData, RecentBrandsQuery } from '../../../contract/brand.ts';
import { success } from '../../../contract/envelope.ts';
import { brandAnalytics, findMentions, recentBrands } from '../../../core/brand/brand-mention-repository.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

/** What the calls return without `limit`, the most they return, and the mentions' window without `days`. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;
const DEFAULT_WINDOW_DAYS = 30;

const tags = ['Brand monitoring'];
const codes = ['VALIDATION_ERROR', 'UNAUTHORIZED'] as const;

/** `value` as a whole number between 1 and `maximum`, or `fallback` when absent. */
function bounded(value: string | undefined, fallback: number, maximum: number): number {
  return Math.min(maximum, Math.max(1, Number(value ?? fallback)));
}

/**
 * The Brand Mentions page's calls, for the signed-in person's own answers: the mentions found
 * (`GET /api/brand-config/mentions`), the analytics per brand (`GET /api/brand-config/analytics`) and the brand
 * configs they used (`GET /api/brand-config/recent`). Brand data belongs to a signed-in person.
 */
const brandRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/brand-config/mentions',
    {
      schema: {
        summary: 'Answers that mentioned your brands, newest first',
        description: `Only answers where the brand was found, from the last \`days\` (default ${DEFAULT_WINDOW_DAYS}); \`limit\` 1 to ${MAX_LIMIT}, default ${DEFAULT_LIMIT}.`,
        tags,
        querystring: MentionsQuery,
        response: jsonResponses(MentionsData, codes),
      },
      config: { signIn: 'required' },
    },
    async (request) => {
      const userId = request.signedIn.user.id;
      const mentions = await findMentions(app.orm.em.fork(), userId, {
        limit: bounded(request.query.limit, DEFAULT_LIMIT, MAX_LIMIT),
        brandName: request.query.brandName || undefined,
        days: bounded(request.query.days, DEFAULT_WINDOW_DAYS, Number.MAX_SAFE_INTEGER),
      });
      return success({ mentions });
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
