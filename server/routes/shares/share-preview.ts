import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createHash } from 'node:crypto';
import * as Type from 'typebox/type';
import { ShareParams } from '../../../contract/shares.ts';
import { sharePreviewPng } from '../../../core/shares/index.ts';
import { errorResponses } from '../../schemas/route-responses.ts';
import { shareViewRateLimit } from './index.ts';
import { readShare } from './read-share.ts';

/** Previews drawn recently, by what they show: a link unfurled in many chats at once is drawn once. */
const CACHED_PREVIEWS = 200;

export const sharePreviewPath = (token: string): string => `/api/shared/${token}/preview.png`;

/**
 * `GET /api/shared/:token/preview.png`: the link-preview picture of one shared page, drawn from what the link shows
 * now (its snapshot, or the live request). Same rules as reading the link: unknown, revoked or ended is 404, a
 * passphrase-protected link draws nothing (403), so a preview never shows what a passphrase guards.
 */
const sharePreviewRoute: FastifyPluginAsyncTypebox = async (app) => {
  const drawn = new Map<string, Buffer>();
  app.get(
    '/shared/:token/preview.png',
    {
      schema: {
        summary: 'The link-preview picture of a shared request',
        description: 'Public: 1200 × 630 PNG with the question and the models that answered, for `og:image`. A protected, revoked, unknown or ended link draws nothing.',
        tags: ['Sharing'],
        params: ShareParams,
        response: {
          200: { description: 'A PNG picture.', content: { 'image/png': { schema: Type.String({ format: 'binary' }) } } },
          ...errorResponses(['FORBIDDEN', 'NOT_FOUND', 'RATE_LIMIT_ERROR']),
        },
      },
      config: { rateLimit: shareViewRateLimit(app.config.auth.rateLimitScale) },
    },
    async (request, reply) => {
      const shared = await readShare(app, request, request.params.token, null);
      const key = createHash('sha256').update(JSON.stringify([shared.query, shared.answers.map((answer) => answer.modelName)])).digest('base64url');
      let png = drawn.get(key);
      if (!png) {
        png = sharePreviewPng(shared);
        if (drawn.size >= CACHED_PREVIEWS) drawn.delete(drawn.keys().next().value!);
        drawn.set(key, png);
      }
      // Revocation must take effect at once, as for the link's data.
      // Bytes, not the string the schema describes.
      return reply.header('cache-control', 'private, no-cache').type('image/png').send(png as never);
    },
  );
};

export default sharePreviewRoute;
