import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requesterOfRequest } from '../../credits/requester.ts';
import { AppError, ERROR_CODES } from '../../errors/app-error.ts';
import { awaitRequest } from '../../requests/await-request.ts';
import { admitRequest, requestOptions, type AdmissionInput } from '../../requests/request-admission.ts';
import { ErrorEnvelope, success } from '../../schemas/response-envelope.ts';
import { relayRequestToBrowser } from '../../streaming/relay-request-to-browser.ts';
import { singleSearchFormat } from '../../streaming/stream-formats.ts';
import { SearchRequestBody } from './search-schemas.ts';

function admissionInput(body: SearchRequestBody): AdmissionInput {
  return {
    query: body.query,
    selections: [{ engine: body.model, model: body.specificModel }],
    kind: 'single',
    ...requestOptions(body),
  };
}

/** Single-model search: streamed (start, chunk…, end or error) or answered whole. */
const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const streamSchema = { body: SearchRequestBody, response: { 400: ErrorEnvelope, 402: ErrorEnvelope, 403: ErrorEnvelope, 503: ErrorEnvelope } };
  const wholeSchema = { body: SearchRequestBody };

  app.post('/search/stream', { schema: streamSchema }, async (request, reply) => {
    const admitted = await admitRequest(app, admissionInput(request.body), await requesterOfRequest(app, request, reply));
    request.log.info({ searchRequestId: admitted.requestId, credits: admitted.totalCredits }, 'search admitted');
    await relayRequestToBrowser(app, request, reply, { requestId: admitted.requestId, runs: admitted.runs, format: singleSearchFormat });
  });

  app.post('/search', { schema: wholeSchema }, async (request, reply) => {
    const admitted = await admitRequest(app, admissionInput(request.body), await requesterOfRequest(app, request, reply));
    const [result] = await awaitRequest(app, request, admitted.requestId, admitted.runs);
    if (!result?.success) {
      // The model failed: nothing was charged. 502 says the fault lies upstream, with the reason in our words.
      const error = new AppError('SERVER_ERROR', result?.error ?? ERROR_CODES.SERVER_ERROR.message);
      return reply.status(502).send({ success: false, data: { requestId: admitted.requestId, result }, error: { message: error.message, code: result?.errorCode ?? 'SERVER_ERROR' } });
    }
    return success({ requestId: admitted.requestId, ...result });
  });
};

export default searchRoutes;
