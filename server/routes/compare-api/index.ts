import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  COMPARE_API_WAIT,
  CompareApiBody,
  CompareApiParams,
  CompareApiStreamEvent,
  CompareRerunBody,
  Comparison,
  ComparisonRerun,
} from '../../../contract/compare-api.ts';
import { MAX_COMPARED_MODELS } from '../../../contract/limits.ts';
import {
  admitRequest,
  apiComparison,
  apiModelResult,
  compareAdmissionInput,
  comparisonFacts,
  findOwnedComparison,
  modelsAskedIn,
  requestResults,
  rerunChanges,
  storedComparisonFacts,
} from '../../../core/requests/index.ts';
import { attachmentsOfRequests } from '../../../core/attachments/index.ts';
import { apiKeyCaller } from '../../callers/api-key-caller.ts';
import { compareApiAdmission } from '../../compare-api/compare-api-admission.ts';
import { relayComparison } from '../../compare-api/relay-comparison.ts';
import { OpenAiError, openAiErrorResponses } from '../../openai-compatible/openai-error-format.ts';
import { awaitRequest } from '../../requests/await-request.ts';

const tags = ['Comparison API'];
const security = [{ apiKey: [] }];

const waitMs = (seconds: number | undefined) => (seconds ?? COMPARE_API_WAIT.defaultSeconds) * 1000;

const notFound = () => new OpenAiError(404, 'No comparison of yours has this id.', 'not_found', 'id');

/**
 * `/v1/compare`: one question to several models for a program with an API key. Registered inside `/v1`, so it
 * shares that scope's OpenAI error format. A comparison here is a comparison in the app in every way that matters:
 * the same admission (tier rules, prices, one credit hold per model, the key's monthly cap), the same queue and
 * settlement (a failed answer is free), and it lands in the key owner's history.
 */
const compareApiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const services = { orm: app.orm, redis: app.redis, keyPrefix: app.config.redis.keyPrefix, appSecret: app.config.appSecret };

  app.post(
    '/compare',
    {
      schema: {
        summary: 'Ask several models one question (streamed or whole)',
        description:
          `Asks 1 to ${MAX_COMPARED_MODELS} models (each \`engine/model\`, with its own settings if wanted, or a saved team's by \`team_id\`) at once, each priced, held and charged exactly like a ` +
          'comparison in the app: the prices are held when the call is admitted and each answer is charged only if it succeeds; a refused call holds nothing. ' +
          `Whole: waits for every model (at most \`timeout_seconds\`, default ${COMPARE_API_WAIT.defaultSeconds}) and answers with each model's answer, time to first token, ` +
          'duration, tokens (input, cached, reasoning, output), credits and error. With `stream: true`: server-sent events `start`, then per model `delta` ' +
          '(`{model, text}`) and `model_done` (its result), then `done` (the whole comparison).',
        tags,
        security,
        body: CompareApiBody,
        response: {
          200: {
            description: 'The comparison, or with `stream: true` its events.',
            content: { 'application/json': { schema: Comparison }, 'text/event-stream': { schema: CompareApiStreamEvent } },
          },
          ...openAiErrorResponses([400, 401, 402, 403, 404, 429]),
        },
      },
    },
    async (request, reply) => {
      const caller = await apiKeyCaller(services, request);
      const input = await compareApiAdmission(app.orm.em.fork(), app.requestServices, caller.user.id, request.body);
      const admitted = await admitRequest(app.requestServices, input, caller.requester);
      request.log.info({ searchRequestId: admitted.requestId, models: admitted.runs.length, credits: admitted.totalCredits, apiKeyId: caller.keyId }, 'API comparison admitted');
      const comparison = await storedComparisonFacts(app.orm.em.fork(), admitted.requestId);
      if (request.body.stream === true) return relayComparison(app.requestServices, request, reply, { admitted, facts: comparison });
      const results = await awaitRequest(app.requestServices, request, admitted.requestId, admitted.runs, { waitMs: waitMs(request.body.timeout_seconds) });
      return apiComparison(comparison, results);
    },
  );

  app.get(
    '/compare/:id',
    {
      schema: {
        summary: 'Read a comparison again',
        description: 'Any comparison of the key owner’s (asked here, through MCP or in the app), as `POST /v1/compare` answers it; models still answering read `answering`.',
        tags,
        security,
        params: CompareApiParams,
        response: { 200: Comparison, ...openAiErrorResponses([400, 401, 404, 429]) },
      },
    },
    async (request) => {
      const caller = await apiKeyCaller(services, request);
      const em = app.orm.em.fork();
      const found = await findOwnedComparison(em, caller.user.id, request.params.id);
      if (!found) throw notFound();
      return apiComparison(comparisonFacts(found.request), await requestResults(em, found.request.id));
    },
  );

  app.post(
    '/compare/:id/rerun',
    {
      schema: {
        summary: 'Ask a comparison again and see what changed',
        description:
          'Asks the same question of the same models with the same settings (web search and brand monitoring as before), charged like a new comparison, ' +
          'and answers the new comparison with, per model, what changed: its answer word by word (`same`, `changed`, `new`, `gone`), the share of words kept, ' +
          'and how its time to first token, duration, output tokens and credits moved. Only a first question without files can be asked again.',
        tags,
        security,
        params: CompareApiParams,
        body: CompareRerunBody,
        response: { 200: ComparisonRerun, ...openAiErrorResponses([400, 401, 402, 403, 404, 429]) },
      },
    },
    async (request) => {
      const caller = await apiKeyCaller(services, request);
      const em = app.orm.em.fork();
      const found = await findOwnedComparison(em, caller.user.id, request.params.id);
      if (!found) throw notFound();
      const earlier = found.request;
      // A file belongs to the one question it was sent with: asking again would need it uploaded again.
      if ((await attachmentsOfRequests(em, [earlier.id])).size > 0) {
        throw new OpenAiError(400, 'This comparison carried files, which go with one question only: upload them again and ask with POST /v1/compare.', 'has_attachments', 'id');
      }
      if (earlier.followUpOf) {
        throw new OpenAiError(400, 'This comparison continues an earlier one; only a first question can be asked again. Ask a follow-up in the app instead.', 'not_a_first_question', 'id');
      }
      const input = compareAdmissionInput(
        {
          query: earlier.query,
          models: modelsAskedIn(found.runs),
          searchEnabled: earlier.searchEnabled,
          aiOverviewParams: earlier.aiOverviewParams,
          brandMonitoringEnabled: earlier.brandMonitoringEnabled,
          brandConfig: earlier.brandConfig,
        },
        false,
      );
      const admitted = await admitRequest(app.requestServices, input, caller.requester);
      request.log.info({ searchRequestId: admitted.requestId, rerunOf: earlier.id, credits: admitted.totalCredits, apiKeyId: caller.keyId }, 'API comparison asked again');
      const later = await awaitRequest(app.requestServices, request, admitted.requestId, admitted.runs, { waitMs: waitMs(request.body?.timeout_seconds) });
      const before = (await requestResults(em, earlier.id)).map(apiModelResult);
      const comparison = apiComparison(await storedComparisonFacts(em, admitted.requestId), later);
      return { ...comparison, rerun_of: earlier.id, changes: rerunChanges(before, comparison.models) };
    },
  );
};

export default compareApiRoutes;
