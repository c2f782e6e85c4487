import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RequestParams } from '../../../contract/answers.ts';
import { success } from '../../../contract/envelope.ts';
import { JudgeRequestBody, JudgeSummary } from '../../../contract/judge.ts';
import { isUnrevealedRound } from '../../../core/arena/arena-rounds.ts';
import { AppError } from '../../../core/errors/app-error.ts';
import { awaitRequest } from '../../requests/await-request.ts';
import { judgeConversation } from '../../../core/requests/judge-conversation.ts';
import { askRateLimit } from '../../requests/ask-rate-limit.ts';
import { ADMISSION_REFUSALS, admitRequest } from '../../../core/requests/request-admission.ts';
import { loadOwnRequest } from '../../requests/request-access.ts';
import { requestResults } from '../../../core/requests/request-results.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

const ENDED = new Set(['completed', 'error']);

/**
 * The judge: a model of the person's choosing summarises agreement and disagreement among a finished comparison's
 * answers. Admitted like any question (tier rules, the judge's price, a hold charged only if it answers), with the
 * answers handed to it as the conversation it continues.
 */
const judgeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The judge's question counts against the asking limits like any other.
  const limitAsking = askRateLimit(app);
  app.post(
    '/requests/:id/judge',
    {
      preHandler: limitAsking,
      schema: {
        summary: 'Have a model summarise where a comparison’s answers agree and disagree',
        description: 'Charged at the judge model’s price, like any answer; nothing if it fails. Needs two answers or more; an arena round once voted on.',
        tags: ['Asking'],
        params: RequestParams,
        body: JudgeRequestBody,
        response: jsonResponses(JudgeSummary, [...ADMISSION_REFUSALS, 'NOT_FOUND']),
      },
    },
    async (request, reply) => {
      const em = app.orm.em.fork();
      const { searchRequest, runs } = await loadOwnRequest(em, request, reply, request.params.id);
      if (!runs.every((run) => ENDED.has(run.status))) throw new AppError('VALIDATION_ERROR', 'Wait for every answer to finish first.');
      if (await isUnrevealedRound(em, searchRequest.id)) throw new AppError('VALIDATION_ERROR', 'Vote on the arena round first.');
      const answered = (await requestResults(em, searchRequest.id)).filter((result) => result.success && result.response);
      if (answered.length < 2) throw new AppError('VALIDATION_ERROR', 'A summary needs at least two answers.');
      const names = answered.map((result) => {
        const engine = app.catalogue.findEngine(result.engine);
        return engine?.models.find((model) => model.id === result.model)?.name ?? result.model;
      });
      const { query, conversation } = judgeConversation(
        searchRequest.query,
        answered.map((result, index) => ({ name: names[index]!, text: result.response! })),
      );
      const admitted = await admitRequest(
        app.requestServices,
        { query, selections: [request.body], kind: 'single', streamed: false, searchEnabled: false, brandMonitoringEnabled: false, conversation },
        await request.requester(reply),
      );
      const [result] = await awaitRequest(app.requestServices, request, admitted.requestId, admitted.runs);
      return success({ requestId: admitted.requestId, result: result! });
    },
  );
};

export default judgeRoutes;
