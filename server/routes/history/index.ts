import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DELETE_REQUEST_TEXTS,
  deleteOwnConversation,
  loadConversationHistory,
  serializeHistoryEntry,
} from '../../../core/requests/index.ts';
import { blindUnrevealedRounds } from '../../../core/arena/index.ts';
import { success } from '../../../contract/envelope.ts';
import { HistoryDeleted, HistoryItemParams, HistoryList, HistoryQuery } from '../../../contract/history.ts';
import { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT } from '../../../contract/limits.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

/**
 * `GET /api/user-requests?limit=&offset=&search=`: the signed-in user's conversations, the most recently active
 * first, a page at a time, optionally only those with a question containing `search`; each is its first question
 * (with its kind and every model's result and versions; a comparison's `response` is a JSON string holding its
 * results list, for older clients) and every turn. `DELETE /api/user-requests/:id` removes a conversation. Registered
 * users only.
 */
const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const listSchema = {
    summary: 'Your conversations, the most recently active first',
    description:
      'One entry per conversation: its first question, with `turns` (every question of it, oldest first), `turnCount`, `lastActivityAt` and `totalCredits`. A page of `limit` (default 20) conversations after skipping `offset`; with `search`, only conversations with a question containing it, in any turn. A regenerated answer is a version inside its question, not a turn.',
    tags: ['History'],
    querystring: HistoryQuery,
    response: jsonResponses(HistoryList, ['VALIDATION_ERROR', 'UNAUTHORIZED']),
  };
  app.get('/user-requests', { schema: listSchema, config: { signIn: 'required' } }, async (request, reply) => {
    const session = request.signedIn;
    const limit = Math.min(HISTORY_MAX_LIMIT, Math.max(1, Number(request.query.limit ?? HISTORY_DEFAULT_LIMIT)));
    const offset = Number(request.query.offset ?? 0);
    const em = app.orm.em.fork();
    const page = await loadConversationHistory(em, session.user.id, { limit, offset, search: request.query.search ?? '' });
    const shown = new Map((await blindUnrevealedRounds(em, page.conversations.flatMap((conversation) => conversation.turns))).map((turn) => [turn.id, turn]));
    const requests = page.conversations.map((conversation) =>
      serializeHistoryEntry({ ...conversation, turns: conversation.turns.map((turn) => shown.get(turn.id) ?? turn) }),
    );
    reply.header('cache-control', 'no-store');
    return success({ total: page.total, requests });
  });

  const deleteSchema = {
    summary: 'Delete one of your conversations',
    description:
      'Named by its first question (the entry’s `id`): every turn goes, with its regenerated versions. Refused for a later turn of a conversation, while a model is still answering, and for arena rounds. Credits already charged stay charged.',
    tags: ['History'],
    params: HistoryItemParams,
    response: jsonResponses(HistoryDeleted, ['VALIDATION_ERROR', 'UNAUTHORIZED', 'NOT_FOUND']),
  };
  app.delete('/user-requests/:id', { schema: deleteSchema, config: { signIn: 'required' } }, async (request) => {
    const session = request.signedIn;
    await deleteOwnConversation(app.orm.em.fork(), session.user.id, request.params.id);
    return success({ id: request.params.id, message: DELETE_REQUEST_TEXTS.deleted });
  });
};

export default historyRoutes;
