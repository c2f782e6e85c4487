import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiKeyList, ApiKeyParams, CreateApiKeyBody, CreatedApiKey, RevokedApiKey } from '../../../contract/api-keys.ts';
import { success } from '../../../contract/envelope.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../../../core/api-keys/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

const tags = ['Developer API'];

/**
 * `/api/api-keys`: create (the key is shown once), list with usage, and revoke developer API keys. Keys are managed
 * from a signed-in session only: a key cannot make or revoke keys, so a leaked key cannot lock its owner out or mint
 * more of itself.
 */
const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api-keys',
    {
      schema: {
        summary: 'Create an API key',
        description: 'The whole `key` is in this answer only; Quorum stores its hash. Use it as `Authorization: Bearer <key>`.',
        tags,
        body: CreateApiKeyBody,
        response: jsonResponses(CreatedApiKey, ['VALIDATION_ERROR', 'UNAUTHORIZED']),
      },
      config: { signIn: 'required', signInMessage: 'Sign in to manage API keys.' },
    },
    async (request, reply) => {
      const userId = request.signedIn.user.id;
      return success(await createApiKey(app.orm.em.fork(), userId, request.body));
    },
  );

  app.get(
    '/api-keys',
    {
      schema: {
        summary: 'Your API keys, with what each has spent',
        description: 'Live keys only, oldest first. Secrets are never shown again: each key is named by its prefix.',
        tags,
        response: jsonResponses(ApiKeyList, ['UNAUTHORIZED']),
      },
      config: { signIn: 'required', signInMessage: 'Sign in to manage API keys.' },
    },
    async (request, reply) => {
      const userId = request.signedIn.user.id;
      return success({ keys: await listApiKeys(app.orm.em.fork(), userId) });
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      schema: {
        summary: 'Revoke an API key',
        description: 'Takes effect at once: the next call with the key is refused. Answers it already started still finish.',
        tags,
        params: ApiKeyParams,
        response: jsonResponses(RevokedApiKey, ['VALIDATION_ERROR', 'UNAUTHORIZED', 'NOT_FOUND']),
      },
      config: { signIn: 'required', signInMessage: 'Sign in to manage API keys.' },
    },
    async (request, reply) => {
      const userId = request.signedIn.user.id;
      const revokedAt = await revokeApiKey(app.orm.em.fork(), userId, request.params.id);
      if (!revokedAt) throw new AppError('NOT_FOUND', 'No such API key.');
      return success({ id: request.params.id, revokedAt: revokedAt.toISOString() });
    },
  );
};

export default apiKeyRoutes;
