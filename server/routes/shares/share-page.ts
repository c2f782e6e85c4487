import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ShareParams } from '../../../contract/shares.ts';
import { sharePageHead, sharePageRenderer } from '../../../core/shares/share-page.ts';
import { sharedRequestId } from '../../../core/shares/share-links.ts';
import { sharedView } from '../../../core/shares/shared-view.ts';
import { sharePagePath, shareViewRateLimit } from './index.ts';

/**
 * `GET /share/:token`: the client's page with link-preview tags for the shared question in its head, so a link
 * pasted into a chat unfurls without running any script. An unknown or revoked link is the same page with a 404
 * status and no preview. Only when the client is built and served by this server.
 */
const sharePageRoute: FastifyPluginAsyncTypebox = async (app) => {
  if (!app.clientAvailable) return;
  const render = sharePageRenderer(app.config.server.clientDistDirectory);
  app.get(
    '/share/:token',
    {
      schema: { hide: true, params: ShareParams },
      config: { rateLimit: shareViewRateLimit(app.config.auth.rateLimitScale) },
    },
    async (request, reply) => {
      const em = app.orm.em.fork();
      const requestId = await sharedRequestId(em, request.params.token);
      const shared = requestId ? await sharedView(em, app.catalogue, requestId) : null;
      const pageUrl = new URL(sharePagePath(request.params.token), app.config.server.appUrl).toString();
      const html = await render(sharePageHead(shared, pageUrl, app.config.server.appUrl));
      return reply
        .status(shared ? 200 : 404)
        .header('cache-control', 'private, no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );
};

export default sharePageRoute;
