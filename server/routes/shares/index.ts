import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { success } from '../../../contract/envelope.ts';
import { SHARE_LIMITS } from '../../../contract/limits.ts';
import { CreateShareBody, OpenShareBody, RevokedShare, SharedRequest, ShareLink, ShareList, ShareParams, ShareSettingsBody } from '../../../contract/shares.ts';
import { isUnrevealedRound } from '../../../core/requests/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { loadOwnRequest } from '../../requests/request-access.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';
import { hashPassword } from '../../../core/accounts/index.ts';
import {
  changeShareSettings,
  listShares,
  ownLiveShare,
  revokeShare,
  sharedView,
  shareRequest,
  type StoredShare,
} from '../../../core/shares/index.ts';
import { readShare } from './read-share.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const ENDED = new Set(['completed', 'error']);

export const sharePagePath = (token: string): string => `/share/${token}`;

/** When a link given `days` to live ends; null: never. */
const expiresAt = (days: number | 'never'): Date | null => (days === 'never' ? null : new Date(Date.now() + days * DAY_MS));

/** Opening shared links, by address, per minute: the page and its data are each counted on their own. */
export const shareViewRateLimit = (scale: number) => ({
  max: SHARE_LIMITS.viewsPerMinutePerAddress * scale,
  timeWindow: MINUTE_MS,
  keyGenerator: (request: FastifyRequest) => `share-view:${request.ip}`,
});

/**
 * Sharing: a signed-in owner makes a read-only public link to a finished request (an arena round once it has been
 * voted on), lists their live links and revokes them; anyone holding a link reads the question and the answers.
 */
const shareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const link = (share: StoredShare) => ({
    token: share.token,
    url: new URL(sharePagePath(share.token), app.config.server.appUrl).toString(),
    requestId: share.requestId,
    query: share.query,
    kind: share.kind,
    createdAt: share.createdAt.toISOString(),
    expiresAt: share.expiresAt?.toISOString() ?? null,
    passphraseProtected: share.passphraseProtected,
    mode: share.mode,
  });

  app.post(
    '/shares',
    {
      schema: {
        summary: 'Share a finished request as a read-only public link',
        description:
          'Made with its end (`expiresInDays`, 1–365 or "never"; left out: never) and an optional passphrase, so it is never public without them. ' +
          'Sharing the same request again gives the same live link, with any settings given applied to it. An arena round can be shared once it has been voted on.',
        tags: ['Sharing'],
        body: CreateShareBody,
        response: jsonResponses(ShareLink, ['VALIDATION_ERROR', 'UNAUTHORIZED', 'NOT_FOUND', 'RATE_LIMIT_ERROR']),
      },
      config: {
        rateLimit: {
          max: SHARE_LIMITS.createsPerMinute * app.config.auth.rateLimitScale,
          timeWindow: MINUTE_MS,
          keyGenerator: (request: FastifyRequest) => `share-create:${request.ip}`,
        },
        signIn: 'required',
      },
    },
    async (request, reply) => {
      const userId = request.signedIn.user.id;
      const em = app.orm.em.fork();
      const { searchRequest, runs } = await loadOwnRequest(em, request, reply, request.body.requestId);
      if (!runs.every((run) => ENDED.has(run.status))) throw new AppError('VALIDATION_ERROR', 'Only a finished request can be shared.');
      if (await isUnrevealedRound(em, searchRequest.id)) throw new AppError('VALIDATION_ERROR', 'Vote on the arena round before sharing it.');
      const { expiresInDays, passphrase } = request.body;
      const initial = {
        ...(expiresInDays === undefined ? {} : { expiresAt: expiresAt(expiresInDays) }),
        ...(passphrase === undefined ? {} : { passphraseHash: await hashPassword(passphrase) }),
      };
      return success(link(await shareRequest(em, userId, searchRequest.id, initial)));
    },
  );

  app.get(
    '/shares',
    { schema: { summary: 'Your live shared links, newest first', tags: ['Sharing'], response: jsonResponses(ShareList, ['UNAUTHORIZED']) }, config: { signIn: 'required' } },
    async (request, reply) => {
      const userId = request.signedIn.user.id;
      reply.header('cache-control', 'no-store');
      return success({ links: (await listShares(app.orm.em.fork(), userId)).map(link) });
    },
  );

  app.delete(
    '/shares/:token',
    {
      schema: {
        summary: 'Revoke a shared link',
        description: 'The link stops working at once and answers like one that never existed.',
        tags: ['Sharing'],
        params: ShareParams,
        response: jsonResponses(RevokedShare, ['UNAUTHORIZED', 'NOT_FOUND']),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const userId = request.signedIn.user.id;
      if (!(await revokeShare(app.orm.em.fork(), userId, request.params.token))) throw new AppError('NOT_FOUND', 'Shared link not found');
      return success({ token: request.params.token, revoked: true as const });
    },
  );

  app.patch(
    '/shares/:token',
    {
      schema: {
        summary: "Change a shared link's settings: when it ends, its passphrase, live or snapshot",
        description:
          'Each field given changes that setting. `snapshot` freezes the link at what the request shows now; `live` follows it again. The passphrase is stored only as a hash.',
        tags: ['Sharing'],
        params: ShareParams,
        body: ShareSettingsBody,
        response: jsonResponses(ShareLink, ['VALIDATION_ERROR', 'UNAUTHORIZED', 'NOT_FOUND']),
      },
      config: { signIn: 'required' },
    },
    async (request) => {
      const userId = request.signedIn.user.id;
      const em = app.orm.em.fork();
      const { expiresInDays, passphrase, removePassphrase, mode } = request.body;
      if (expiresInDays === undefined && passphrase === undefined && !removePassphrase && mode === undefined) {
        throw new AppError('VALIDATION_ERROR', 'Give at least one setting to change: expiresInDays, passphrase, removePassphrase or mode.');
      }
      if (passphrase !== undefined && removePassphrase) throw new AppError('VALIDATION_ERROR', 'Set a passphrase or remove it, not both.');
      const current = await ownLiveShare(em, userId, request.params.token);
      if (!current) throw new AppError('NOT_FOUND', 'Shared link not found');
      const changed = await changeShareSettings(em, userId, request.params.token, {
        ...(expiresInDays === undefined ? {} : { expiresAt: expiresAt(expiresInDays) }),
        ...(passphrase === undefined ? {} : { passphraseHash: await hashPassword(passphrase) }),
        ...(removePassphrase ? { passphraseHash: null } : {}),
        ...(mode === undefined ? {} : { snapshot: mode === 'live' ? null : await sharedView(em, app.catalogue, current.requestId) }),
      });
      if (!changed) throw new AppError('NOT_FOUND', 'Shared link not found');
      return success(link(changed));
    },
  );

  app.get(
    '/shared/:token',
    {
      schema: {
        summary: 'A shared request: the question and every answer with its model and timings',
        description:
          'Public: the token is the key. Says nothing about who asked. A revoked or unknown link is 404, an ended one 404 saying so; a protected one is 403 until opened with its passphrase (`POST /api/shared/:token/open`).',
        tags: ['Sharing'],
        params: ShareParams,
        response: jsonResponses(SharedRequest, ['FORBIDDEN', 'NOT_FOUND', 'RATE_LIMIT_ERROR']),
      },
      config: { rateLimit: shareViewRateLimit(app.config.auth.rateLimitScale) },
    },
    async (request, reply) => {
      const shared = await readShare(app, request, request.params.token, null);
      // Revocation must take effect at once: no shared cache may keep it.
      reply.header('cache-control', 'private, no-cache');
      return success(shared);
    },
  );

  app.post(
    '/shared/:token/open',
    {
      schema: {
        summary: 'Open a passphrase-protected shared link',
        description: `Public. A few tries per link and address in a quarter of an hour; an open link answers as \`GET /api/shared/:token\` does.`,
        tags: ['Sharing'],
        params: ShareParams,
        body: OpenShareBody,
        response: jsonResponses(SharedRequest, ['VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMIT_ERROR']),
      },
      config: { rateLimit: shareViewRateLimit(app.config.auth.rateLimitScale) },
    },
    async (request, reply) => {
      const shared = await readShare(app, request, request.params.token, request.body.passphrase);
      reply.header('cache-control', 'private, no-store');
      return success(shared);
    },
  );
};

export default shareRoutes;
