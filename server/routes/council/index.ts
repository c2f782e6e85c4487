import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequestParams } from '../../../contract/answers.ts';
import { Council, CouncilList, CouncilParams, CouncilPreview, CouncilPreviewQuery, CouncilRequestBody } from '../../../contract/council.ts';
import { success } from '../../../contract/envelope.ts';
import { ADMISSION_REFUSALS, isUnrevealedRound, requestResults } from '../../../core/requests/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import {
  councilPreview,
  councilsOfRequest,
  councilView,
  ownCouncil,
  startChairman,
  startCouncil,
} from '../../../core/judge/index.ts';
import { askRateLimit } from '../../requests/ask-rate-limit.ts';
import { loadOwnRequest } from '../../requests/request-access.ts';
import { limitStoreOf } from '../../limits/person-and-address-limit.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

const ENDED = new Set(['completed', 'error']);

/**
 * The council, a judge mode: every answering model reviews the others' answers under labels and ranks them; then a
 * chairman the person picks writes one answer from the best points, crediting each. Two calls, each answered at
 * once with the council as it stands; the reviews and the chairman's answer stream over their requests' events
 * (`GET /api/requests/:id/events` or the live socket), like any answer. Signed-in people only, as comparisons are.
 */
const councilRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limitAsking = askRateLimit(limitStoreOf(app), app.config.asking);

  /** The person's finished comparison, with its results. */
  async function finishedComparison(request: FastifyRequest, reply: FastifyReply, requestId: string) {
    const em = app.orm.em.fork();
    const { searchRequest, runs } = await loadOwnRequest(em, request, reply, requestId);
    if (!runs.every((run) => ENDED.has(run.status))) throw new AppError('VALIDATION_ERROR', 'Wait for every answer to finish first.');
    if (await isUnrevealedRound(em, searchRequest.id)) throw new AppError('VALIDATION_ERROR', 'Vote on the arena round first.');
    return { requestId: searchRequest.id, question: searchRequest.query, results: await requestResults(em, searchRequest.id) };
  }

  app.get(
    '/requests/:id/council/preview',
    {
      schema: {
        summary: 'What a council on this comparison would cost',
        description: 'Each review at its model’s price for what it reads, and the chairman’s. Nothing is held.',
        tags: ['Asking'],
        params: RequestParams,
        querystring: CouncilPreviewQuery,
        response: jsonResponses(CouncilPreview, ['VALIDATION_ERROR', 'UNAUTHORIZED', 'NOT_FOUND']),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const comparison = await finishedComparison(request, reply, request.params.id);
      reply.header('cache-control', 'no-store');
      return success(councilPreview(app.requestServices, comparison.question, comparison.results, request.query));
    },
  );

  app.post(
    '/requests/:id/council',
    {
      preHandler: limitAsking,
      schema: {
        summary: 'Start a council on a comparison: every answering model reviews and ranks the others anonymously',
        description:
          'Needs two answers or more and credits for the whole council (reviews and chairman). Answers at once with the council; follow `reviewRequestId` to stream the reviews, then call `POST /api/councils/{id}/chairman`. Each review is charged at its model’s price only if it answers.',
        tags: ['Asking'],
        params: RequestParams,
        body: CouncilRequestBody,
        response: jsonResponses(Council, [...ADMISSION_REFUSALS, 'NOT_FOUND']),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const comparison = await finishedComparison(request, reply, request.params.id);
      const requester = await request.requester(reply);
      const row = await startCouncil(app.requestServices, { ...requester, userId: request.signedIn.user.id }, comparison, request.body);
      request.log.info({ councilId: row.id, reviewRequestId: row.reviewRequestId }, 'council reviews admitted');
      return success(await councilView(app.orm.em.fork(), row));
    },
  );

  app.post(
    '/councils/:id/chairman',
    {
      preHandler: limitAsking,
      schema: {
        summary: 'Have the council’s chairman write one answer from the reviewed answers',
        description:
          'Once every review has ended. Answers at once; follow `chairmanRequestId` to stream the answer. Calling it again returns the council without starting a second chairman. Charged at the chairman’s price only if it answers.',
        tags: ['Asking'],
        params: CouncilParams,
        response: jsonResponses(Council, [...ADMISSION_REFUSALS, 'NOT_FOUND']),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const em = app.orm.em.fork();
      const council = await ownCouncil(em, request.signedIn.user.id, request.params.id);
      if (!council) throw new AppError('NOT_FOUND', 'Council not found');
      const comparison = await finishedComparison(request, reply, council.requestId);
      const started = await startChairman(app.requestServices, await request.requester(reply), council, comparison.question, comparison.results);
      return success(await councilView(em, started));
    },
  );

  app.get(
    '/councils/:id',
    {
      schema: {
        summary: 'A council: its reviews with their rankings, the standings, and the chairman’s answer with whom it credits',
        tags: ['Asking'],
        params: CouncilParams,
        response: jsonResponses(Council, ['UNAUTHORIZED', 'NOT_FOUND']),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const em = app.orm.em.fork();
      const council = await ownCouncil(em, request.signedIn.user.id, request.params.id);
      if (!council) throw new AppError('NOT_FOUND', 'Council not found');
      reply.header('cache-control', 'no-store');
      return success(await councilView(em, council));
    },
  );

  app.get(
    '/requests/:id/councils',
    {
      schema: {
        summary: 'The councils held on a comparison, oldest first',
        tags: ['Asking'],
        params: RequestParams,
        response: jsonResponses(CouncilList, ['UNAUTHORIZED', 'NOT_FOUND']),
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const em = app.orm.em.fork();
      const { searchRequest } = await loadOwnRequest(em, request, reply, request.params.id);
      const rows = await councilsOfRequest(em, request.signedIn.user.id, searchRequest.id);
      reply.header('cache-control', 'no-store');
      return success({ councils: await Promise.all(rows.map((row) => councilView(app.orm.em.fork(), row))) });
    },
  );
};

export default councilRoutes;
