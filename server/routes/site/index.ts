import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../contract/envelope.ts';
import { SiteData } from '../../../contract/site.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

/** `GET /api/site`: the addresses, the analytics id and the social links, so one deploy's settings reach its pages without a rebuild. */
const siteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const data: SiteData = {
    supportEmail: app.config.site.supportEmail,
    legalEmail: app.config.site.legalEmail,
    analyticsMeasurementId: app.config.site.analyticsMeasurementId ?? null,
    socialLinks: app.config.site.socialLinks,
  };

  app.get('/site', { schema: { summary: 'Contact addresses and whether analytics run', tags: ['Site'], response: jsonResponses(SiteData) } }, async (_request, reply) => {
    // Settings change only with a restart; a few minutes of caching spares every page view a call.
    reply.header('cache-control', 'public, max-age=300');
    return success(data);
  });
};

export default siteRoutes;
