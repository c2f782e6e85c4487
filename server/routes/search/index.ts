import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorEnvelope } from '../../schemas/response-envelope.ts';
import { relayRunToBrowser } from '../../streaming/relay-run-to-browser.ts';
import { requesterFor } from '../../credits/requester.ts';
import { admitSearch } from './search-admission.ts';
import { SearchRequestBody } from './search-schemas.ts';
import { toSearchStreamFrame } from './search-stream-events.ts';

/** Single-model search. The answer streams as server-sent events: start, chunk…, then end or error. */
const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/search/stream',
    {
      schema: {
        body: SearchRequestBody,
        response: { 400: ErrorEnvelope, 503: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const session = await request.currentSession(reply);
      const requester = requesterFor(app.config.appSecret, session?.user, request.clientIdentity.guestKey);
      const admitted = await admitSearch(app, request.body, requester);
      request.log.info({ requestId: admitted.requestId, runId: admitted.runId, model: admitted.model }, 'search admitted');
      await relayRunToBrowser(app, request, reply, {
        requestId: admitted.requestId,
        runId: admitted.runId,
        toFrame: toSearchStreamFrame,
        interruptedFrame: () => ({
          event: 'error',
          data: {
            requestId: admitted.requestId,
            runId: admitted.runId,
            message: 'The server is restarting. Your answer is still being saved; please try again in a moment.',
            code: 'SERVER_RESTARTING',
            retryable: true,
          },
        }),
      });
    },
  );
};

export default searchRoutes;
