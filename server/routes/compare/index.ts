import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { awaitRequest } from '../../requests/await-request.ts';
import { ADMISSION_REFUSALS, admitRequest, compareAdmissionInput } from '../../../core/requests/index.ts';
import { CompareAnswer } from '../../../contract/answers.ts';
import { TeamCompareRequestBody } from '../../../contract/teams.ts';
import { resolveCompareTeam } from '../../../core/teams/index.ts';
import { CompareStreamFrame } from '../../../contract/compare-stream.ts';
import { success } from '../../../contract/envelope.ts';
import { eventStreamResponses, jsonResponses } from '../../schemas/route-responses.ts';
import { relayRequestToBrowser } from '../../streaming/relay-request-to-browser.ts';
import { comparisonFormat } from '../../streaming/stream-formats.ts';
import { askRateLimit } from '../../requests/ask-rate-limit.ts';
import { limitStoreOf } from '../../limits/person-and-address-limit.ts';

/** Who may compare: a signed-in session, or a program with an API key (schemes named in the OpenAPI plugin). */
const SIGNED_IN_OR_API_KEY: Record<string, string[]>[] = [{ sessionCookie: [] }, { apiKey: [] }];

/**
 * Comparison: every selected model is its own job, all running at once, so one slow or failing model never holds up
 * the others. Streamed (model_start, model_chunk, model_complete per model, then all_complete) or answered whole.
 */
const compareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const streamSchema = {
    summary: 'Compare several models, streamed side by side',
    description:
      'Every model answers at once, each in its own run; one failing or slow model never holds up the others. Programs call it ' +
      'with an API key (`Authorization: Bearer <key>`): the key’s owner pays, exactly as in the app, within the key’s monthly cap and rate limit.',
    tags: ['Asking'],
    security: SIGNED_IN_OR_API_KEY,
    body: TeamCompareRequestBody,
    response: eventStreamResponses(CompareStreamFrame, [...ADMISSION_REFUSALS, 'NOT_FOUND']),
  };
  const wholeSchema = {
    summary: 'Compare several models, answered whole',
    tags: ['Asking'],
    security: SIGNED_IN_OR_API_KEY,
    body: TeamCompareRequestBody,
    response: jsonResponses(CompareAnswer, [...ADMISSION_REFUSALS, 'NOT_FOUND']),
  };

  // Counted per asker and per address in Redis, shared with the other asking routes.
  const limitAsking = askRateLimit(limitStoreOf(app), app.config.asking);

  app.post('/compare/stream', { schema: streamSchema, preHandler: limitAsking }, async (request, reply) => {
    const requester = await request.requester(reply);
    const body = await resolveCompareTeam(app.orm.em.fork(), requester.userId, request.body);
    const admitted = await admitRequest(app.requestServices, compareAdmissionInput(body, true), requester);
    request.log.info({ searchRequestId: admitted.requestId, models: admitted.runs.length, credits: admitted.totalCredits }, 'comparison admitted');
    await relayRequestToBrowser(app.requestServices, request, reply, { requestId: admitted.requestId, runs: admitted.runs, format: comparisonFormat });
  });

  app.post('/compare', { schema: wholeSchema, preHandler: limitAsking }, async (request, reply) => {
    const requester = await request.requester(reply);
    const body = await resolveCompareTeam(app.orm.em.fork(), requester.userId, request.body);
    const admitted = await admitRequest(app.requestServices, compareAdmissionInput(body, false), requester);
    const results = await awaitRequest(app.requestServices, request, admitted.requestId, admitted.runs);
    return success({ requestId: admitted.requestId, results, totalCreditsUsed: results.reduce((sum, result) => sum + result.creditsUsed, 0) });
  });
};

export default compareRoutes;
