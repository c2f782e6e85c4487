import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as Type from 'typebox/type';
import { RequestParams, ResumeQuery, StopRequestBody, StopResult } from '../../../contract/answers.ts';
import { CompareStreamFrame } from '../../../contract/compare-stream.ts';
import { SearchStreamFrame } from '../../../contract/search-stream.ts';
import { eventStreamResponses, jsonResponses } from '../../schemas/route-responses.ts';
import { RequestThread } from '../../../contract/thread.ts';
import { FollowUpSize, FollowUpSizeQuery } from '../../../contract/follow-up-size.ts';
import {
  followUpSize,
  loadHistoryRow,
  readThread,
  runsToStop,
  serializeHistoryItem,
  stopRuns,
  turnResults,
  turnVersions,
} from '../../../core/requests/index.ts';
import { RUN_FAILURES } from '../../../core/runs/index.ts';
import { HistoryItem } from '../../../contract/history.ts';
import { AppError } from '../../../core/errors/index.ts';
import { loadOwnRequest } from '../../requests/request-access.ts';
import { success } from '../../../contract/envelope.ts';
import { requestStreamFormat } from '../../streaming/request-stream-format.ts';
import { relayRequestToBrowser } from '../../streaming/relay-request-to-browser.ts';
import { watchedRuns } from '../../streaming/watch-request.ts';
import { personAndAddressLimit, limitStoreOf } from '../../limits/person-and-address-limit.ts';
import { takeStreamSlot } from '../../limits/take-stream-slot.ts';

const eventsSchema = {
  summary: "Follow a request's events (resume after a reload)",
  description: 'The same frames as the endpoint that asked it (search or compare), from after `Last-Event-ID` or `?after=`.',
  tags: ['Asking'],
  params: RequestParams,
  querystring: ResumeQuery,
  response: eventStreamResponses(Type.Union([...SearchStreamFrame.anyOf, ...CompareStreamFrame.anyOf.filter((frame) => frame.properties.event.const !== 'error')]), [
    'VALIDATION_ERROR',
    'NOT_FOUND',
    'RATE_LIMIT_ERROR',
  ]),
};

const stopSchema = {
  summary: 'Stop models that are still answering',
  description: 'Stops the runs named in `runIds`, or every run still answering. Stopped runs are never charged; finished ones keep their answers.',
  tags: ['Asking'],
  params: RequestParams,
  body: StopRequestBody,
  response: jsonResponses(StopResult, ['VALIDATION_ERROR', 'NOT_FOUND']),
};

const threadSchema = {
  summary: 'The earlier questions a follow-up continues',
  description: 'Oldest first, each with every model’s result; empty for a first question. For showing a conversation again after a reload.',
  tags: ['Asking'],
  params: RequestParams,
  response: jsonResponses(RequestThread, ['VALIDATION_ERROR', 'NOT_FOUND']),
};

const followUpSizeSchema = {
  summary: 'How long a follow-up’s conversation already is, to price it',
  description:
    'For each model of the request: the characters of the earlier questions and answers a follow-up would send it, and of its system prompt. ' +
    'Add the new question’s characters and estimate tokens as one per 4 characters, rounded up: past the tokens a price includes, each started block ' +
    'adds credits, and past the model’s `contextTokens` the follow-up is refused (see `policy`). Admission prices a follow-up the same way.',
  tags: ['Asking'],
  params: RequestParams,
  querystring: FollowUpSizeQuery,
  response: jsonResponses(FollowUpSize, ['VALIDATION_ERROR', 'NOT_FOUND']),
};

const requestSchema = {
  summary: 'One of your questions, as the history shows it',
  description:
    'A single question or a comparison with every model’s result and versions, its place in its conversation and its settings; what the page opens when another version of an edited question is picked.',
  tags: ['Asking'],
  params: RequestParams,
  response: jsonResponses(HistoryItem, ['VALIDATION_ERROR', 'NOT_FOUND']),
};

/** Watching, resuming and cancelling a request one has made, and reading the conversation it belongs to. */
const requestsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Resuming is counted like asking (its own count, the same limits): each resume holds a connection and replays.
  const resumeLimit = personAndAddressLimit(limitStoreOf(app), {
    name: 'resume',
    perPerson: app.config.asking.perAskerPerMinute,
    perAddress: app.config.asking.perAddressPerMinute,
    windowMs: 60_000,
    refusal: 'Too many requests. Please wait a moment and try again.',
  });

  /**
   * `GET /api/requests/:id/events`: the request's event stream from after `Last-Event-ID` (or `?after=`), so a
   * reloaded page or a second tab continues exactly where it was, without gaps or repeats.
   */
  app.get('/requests/:id/events', { schema: eventsSchema, preHandler: resumeLimit }, async (request, reply) => {
    const em = app.orm.em.fork();
    const { searchRequest, runs } = await loadOwnRequest(em, request, reply, request.params.id);
    const header = request.headers['last-event-id'];
    const afterSeq = Number((typeof header === 'string' && /^\d{1,16}$/.test(header) ? header : undefined) ?? request.query.after ?? 0);
    const format = await requestStreamFormat(em, searchRequest, runs);
    const giveBack = await takeStreamSlot(app, request, reply);
    try {
      await relayRequestToBrowser(app.requestServices, request, reply, { requestId: searchRequest.id, afterSeq, runs: watchedRuns(runs), format });
    } finally {
      giveBack();
    }
  });

  /**
   * `POST /api/requests/:id/cancel`: ends the named models (`runIds`), or every model still answering, gives their
   * holds back, and tells the workers to stop their provider calls. Models that already finished keep their answers
   * (and their charges).
   */
  app.post('/requests/:id/cancel', { schema: stopSchema }, async (request, reply) => {
    const { searchRequest, runs } = await loadOwnRequest(app.orm.em.fork(), request, reply, request.params.id);
    const stopped = await stopRuns(app.requestServices, runsToStop(runs, request.body?.runIds));
    return success({ requestId: searchRequest.id, cancelledRuns: stopped, message: stopped > 0 ? RUN_FAILURES.CANCELLED.message : 'Nothing was still running.' });
  });

  /** `GET /api/requests/:id/thread`: the earlier turns of a follow-up, so a reloaded page shows the whole conversation. */
  app.get('/requests/:id/thread', { schema: threadSchema }, async (request, reply) => {
    const em = app.orm.em.fork();
    const { searchRequest } = await loadOwnRequest(em, request, reply, request.params.id);
    const thread = await readThread(em, searchRequest.id);
    const versions = await turnVersions(em, thread.map((row) => row.id));
    const placeOf = (row: (typeof thread)[number]) => ({ continueMode: row.continue_mode, carryFrom: row.carry_from, versions: versions.get(row.id) ?? [] });
    const turns = [];
    for (const row of thread.filter((candidate) => candidate.depth > 0)) {
      turns.push({ requestId: row.id, query: row.query, createdAt: new Date(row.created_at).toISOString(), results: await turnResults(em, row.id), ...placeOf(row) });
    }
    const current = thread.find((row) => row.depth === 0)!;
    reply.header('cache-control', 'no-store');
    return success({ requestId: searchRequest.id, turns, current: placeOf(current) });
  });

  /** `GET /api/requests/:id/follow-up-size`: what a follow-up would send each model before its question, to price it while it is typed. */
  app.get('/requests/:id/follow-up-size', { schema: followUpSizeSchema }, async (request, reply) => {
    const em = app.orm.em.fork();
    const { searchRequest } = await loadOwnRequest(em, request, reply, request.params.id);
    // Already the caller's own: its owner stands for the caller, as admission's check would find.
    const asker = { userId: searchRequest.user?.id ?? null, anonymousSessionId: searchRequest.guestSessionId ?? '' };
    reply.header('cache-control', 'no-store');
    return success(await followUpSize(em, app.catalogue, asker, searchRequest.id, request.query.carryFrom));
  });

  /** `GET /api/requests/:id`: one question of the caller's own with its results, to open another version's branch. */
  app.get('/requests/:id', { schema: requestSchema }, async (request, reply) => {
    const em = app.orm.em.fork();
    const { searchRequest } = await loadOwnRequest(em, request, reply, request.params.id);
    const row = await loadHistoryRow(em, searchRequest);
    if (!row) throw new AppError('NOT_FOUND', 'Request not found');
    reply.header('cache-control', 'no-store');
    return success(serializeHistoryItem(row));
  });
};

export default requestsRoutes;
