import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RequestParams } from '../../../contract/answers.ts';
import { success } from '../../../contract/envelope.ts';
import { JUDGE_INSTRUCTIONS, JudgePromptParams, JudgePrompts, JudgeRequestBody, JudgeSummary, SaveJudgePromptBody } from '../../../contract/judge.ts';
import { judgeInstruction, resetJudgePrompt, saveJudgePrompt, savedJudgePrompts } from '../../../core/judge/index.ts';
import {
  ADMISSION_REFUSALS,
  admitRequest,
  isUnrevealedRound,
  judgeConversation,
  requestResults,
} from '../../../core/requests/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { awaitRequest } from '../../requests/await-request.ts';
import { askRateLimit } from '../../requests/ask-rate-limit.ts';
import { limitStoreOf } from '../../limits/person-and-address-limit.ts';
import { loadOwnRequest } from '../../requests/request-access.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

const ENDED = new Set(['completed', 'error']);

/**
 * The judge: a model of the person's choosing reads a finished comparison's answers and, by its mode, summarises
 * agreement and disagreement, merges them with each claim attributed, critiques each, or ranks them. Admitted like
 * any question (tier rules, the judge's price, a hold charged only if it answers), with the answers (and the pages
 * they cited) handed to it as the conversation it continues. People may save their own instruction per mode.
 */
const judgeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The judge's question counts against the asking limits like any other.
  const limitAsking = askRateLimit(limitStoreOf(app), app.config.asking);
  app.post(
    '/requests/:id/judge',
    {
      preHandler: limitAsking,
      schema: {
        summary: 'Have a model judge a comparison’s answers: agreement, a merged answer, a critique or a ranking',
        description:
          'Charged at the judge model’s price, like any answer; nothing if it fails. Needs two answers or more; an arena round once voted on. `mode` defaults to `agreement`; the instruction is the call’s own, else the person’s saved one, else Quorum’s. When answers cite web pages, the judge also marks cited pages that do not support their claims (from titles and addresses).',
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
      const mode = request.body.mode ?? 'agreement';
      const session = await request.currentSession(reply);
      const instruction = await judgeInstruction(em, session?.user.id ?? null, mode, request.body.instruction);
      const { query, conversation, checkedSources } = judgeConversation(
        searchRequest.query,
        answered.map((result, index) => ({ name: names[index]!, text: result.response!, sources: result.sources })),
        instruction,
      );
      const admitted = await admitRequest(
        app.requestServices,
        {
          query,
          selections: [{ engine: request.body.engine, model: request.body.model }],
          kind: 'single',
          streamed: false,
          searchEnabled: false,
          brandMonitoringEnabled: false,
          conversation,
        },
        await request.requester(reply),
      );
      const [result] = await awaitRequest(app.requestServices, request, admitted.requestId, admitted.runs);
      return success({ requestId: admitted.requestId, mode, checkedSources, result: result! });
    },
  );

  app.get(
    '/judge/prompts',
    {
      schema: { summary: 'Your saved judge instructions, and Quorum’s', tags: ['Asking'], response: jsonResponses(JudgePrompts, ['UNAUTHORIZED']) },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return success({ saved: await savedJudgePrompts(app.orm.em.fork(), request.signedIn.user.id), builtIn: JUDGE_INSTRUCTIONS });
    },
  );

  app.put(
    '/judge/prompts/:mode',
    {
      schema: {
        summary: 'Save your own instruction for a judge mode',
        tags: ['Asking'],
        params: JudgePromptParams,
        body: SaveJudgePromptBody,
        response: jsonResponses(JudgePrompts, ['VALIDATION_ERROR', 'UNAUTHORIZED']),
      },
      config: { signIn: 'required' },
    },
    async (request) => {
      const em = app.orm.em.fork();
      const instruction = request.body.instruction.trim();
      if (instruction === '') throw new AppError('VALIDATION_ERROR', 'Write an instruction for the judge, or reset it to Quorum’s.');
      await saveJudgePrompt(em, request.signedIn.user.id, request.params.mode, instruction);
      return success({ saved: await savedJudgePrompts(em, request.signedIn.user.id), builtIn: JUDGE_INSTRUCTIONS });
    },
  );

  app.delete(
    '/judge/prompts/:mode',
    {
      schema: {
        summary: 'Go back to Quorum’s instruction for a judge mode',
        tags: ['Asking'],
        params: JudgePromptParams,
        response: jsonResponses(JudgePrompts, ['VALIDATION_ERROR', 'UNAUTHORIZED']),
      },
      config: { signIn: 'required' },
    },
    async (request) => {
      const em = app.orm.em.fork();
      await resetJudgePrompt(em, request.signedIn.user.id, request.params.mode);
      return success({ saved: await savedJudgePrompts(em, request.signedIn.user.id), builtIn: JUDGE_INSTRUCTIONS });
    },
  );
};

export default judgeRoutes;
