import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ERROR_CODES } from '../../../core/errors/index.ts';
import { awaitRequest } from '../../requests/await-request.ts';
import { ADMISSION_REFUSALS, admitRequest, searchAdmissionInput } from '../../../core/requests/index.ts';
import { type FailedSearchAnswer, SearchAnswer } from '../../../contract/answers.ts';
import { SearchRequestBody } from '../../../contract/ask.ts';
import { failure, success } from '../../../contract/envelope.ts';
import { SearchStreamFrame } from '../../../contract/search-stream.ts';
import { errorResponses, eventStreamResponses, jsonResponses } from '../../schemas/route-responses.ts';
import { relayRequestToBrowser } from '../../streaming/relay-request-to-browser.ts';
import { singleSearchFormat } from '../../streaming/stream-formats.ts';
import { askRateLimit } from '../../requests/ask-rate-limit.ts';
import { limitStoreOf } from '../../limits/person-and-address-limit.ts';

/** Single-model search: streamed (start, chunk…, end or error) or answered whole. */
const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const streamSchema = {
    summary: 'Ask one model, streamed',
    description: 'Admits the question (credits are held, charged only if the answer succeeds) and streams the answer.',
    tags: ['Asking'],
    body: SearchRequestBody,
    response: eventStreamResponses(SearchStreamFrame, ADMISSION_REFUSALS),
  };
  const wholeSchema = {
    summary: 'Ask one model, answered whole',
    tags: ['Asking'],
    body: SearchRequestBody,
    response: {
      ...jsonResponses(SearchAnswer, ADMISSION_REFUSALS),
      502: { ...errorResponses(['SERVER_ERROR'])[500], description: 'The model failed; nothing was charged. `data.result` says why.' },
    },
  };

  // Counted per asker and per address in Redis, shared with the other asking routes.
  const limitAsking = askRateLimit(limitStoreOf(app), app.config.asking);

  app.post('/search/stream', { schema: streamSchema, preHandler: limitAsking }, async (request, reply) => {
    const admitted = await admitRequest(app.requestServices, searchAdmissionInput(request.body, true), await request.requester(reply));
    request.log.info({ searchRequestId: admitted.requestId, credits: admitted.totalCredits }, 'search admitted');
    await relayRequestToBrowser(app.requestServices, request, reply, { requestId: admitted.requestId, runs: admitted.runs, format: singleSearchFormat });
  });

  app.post('/search', { schema: wholeSchema, preHandler: limitAsking }, async (request, reply) => {
    const admitted = await admitRequest(app.requestServices, searchAdmissionInput(request.body, false), await request.requester(reply));
    const [result] = await awaitRequest(app.requestServices, request, admitted.requestId, admitted.runs);
    if (!result?.success) {
      // The model failed: nothing was charged. 502 says the fault lies upstream, with the reason in our words.
      const data: FailedSearchAnswer = { requestId: admitted.requestId, result: result ?? null };
      return reply.status(502).send(failure(result?.errorCode ?? 'SERVER_ERROR', result?.error ?? ERROR_CODES.SERVER_ERROR.message, data));
    }
    return success({ requestId: admitted.requestId, ...result });
  });
};

export default searchRoutes;
