import type { EntityManager } from '@mikro-orm/postgresql';
import { CONVERSATION_DEPTH_GUARD, conversationTurnsSql, withoutJit } from './conversation-threads.ts';
import { likePattern, loadHistoryRowsById, type HistoryPageOptions, type HistoryRow } from './request-history-repository.ts';

/** One conversation of a history page: its turns, oldest first (the first is the question that started it). */
export interface ConversationRow {
  threadId: string;
  lastActivityAt: Date;
  turns: HistoryRow[];
}

export interface ConversationPage {
  /** How many conversations the person has in all (with a question matching the search, when there is one). */
  total: number;
  conversations: ConversationRow[];
}

interface PageRow {
  total: number;
  page: { threadId: string; lastActivityAt: string; turnIds: string[] }[];
}

/**
 * A page of a person's chat history, one entry per conversation (conversation-threads.ts says what one is), the
 * most recently active first: a follow-up, an edit or an answer asked again brings its conversation to the top. A
 * search keeps the conversations with any question containing the text, and the page and its total count
 * conversations, never turns. One query finds the page's conversations and their turns, reading only the person's
 * own requests; a second reads those turns as the history shows them.
 */
export async function loadConversationHistory(em: EntityManager, userId: string, options: HistoryPageOptions): Promise<ConversationPage> {
  const search = options.search?.trim() ?? '';
  const [row] = await withoutJit(em, (transaction) =>
    transaction.execute<PageRow[]>(
      `with recursive ${conversationTurnsSql('true')}, conversation as (
         select turn.thread_id,
                max(named_turn.created_at) as last_activity_at,
                array_agg(turn.id order by turn.created_at, turn.id) filter (where named_turn.id = turn.id) as turn_ids,
                bool_or(? = '' or turn.query ilike ?) as matched
           from turn join named_turn on named_turn.turn_id = turn.id
          group by turn.thread_id
       ), matching as (
         select * from conversation where matched
       )
       select (select count(*)::int from matching) as total,
              coalesce((select json_agg(json_build_object('threadId', page.thread_id, 'lastActivityAt', page.last_activity_at, 'turnIds', page.turn_ids)
                                        order by page.last_activity_at desc, page.thread_id desc)
                          from (select * from matching order by last_activity_at desc, thread_id desc limit ? offset ?) page), '[]'::json) as page`,
      [userId, userId, CONVERSATION_DEPTH_GUARD, search, likePattern(search), options.limit, options.offset ?? 0],
    ),
  );
  const page = row?.page ?? [];
  const rows = await loadHistoryRowsById(em, userId, page.flatMap((conversation) => conversation.turnIds));
  const byId = new Map(rows.map((turn) => [turn.id, turn]));
  return {
    total: row?.total ?? 0,
    conversations: page.map((conversation) => ({
      threadId: conversation.threadId,
      lastActivityAt: new Date(conversation.lastActivityAt),
      // A turn deleted between the two reads is simply left out.
      turns: conversation.turnIds.flatMap((id) => byId.get(id) ?? []),
    })).filter((conversation) => conversation.turns.length > 0),
  };
}
