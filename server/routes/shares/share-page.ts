import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ShareParams } from '../../../contract/shares.ts';
import {
  openShare,
  protectedSharePageHead,
  sharedView,
  sharePageHead,
  sharePageRenderer,
} from '../../../core/shares/index.ts';
import { sharePagePath, shareViewRateLimit } from './index.ts';
import { sharePreviewPath } from './share-preview.ts';

/**
 * `GET /share/:token`: the client's page with link-preview tags for the shared question in its head, so a link
 * pasted into a chat unfurls without running any script. An unknown or revoked link is the same page with a 404
 * status and no preview, as is an ended one; a passphrase-protected link previews nothing of what it holds. Only when
 * the client is built and served by this server.
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
      const opened = await openShare(em, request.params.token);
      const pageUrl = new URL(sharePagePath(request.params.token), app.config.server.appUrl).toString();
      let head = sharePageHead(null, pageUrl, app.config.server.appUrl);
      let found = false;
      if (opened.state === 'open' && opened.passphraseHash !== null) {
        head = protectedSharePageHead();
        found = true;
      } else if (opened.state === 'open') {
        const shared = opened.snapshot ?? (await sharedView(em, app.catalogue, opened.requestId));
        head = sharePageHead(shared, pageUrl, app.config.server.appUrl, sharePreviewPath(request.params.token));
        found = shared !== null;
      }
      const html = await render(head);
      return reply
        .status(found ? 200 : 404)
        .header('cache-control', 'private, no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );
};

export default sharePageRoute;
