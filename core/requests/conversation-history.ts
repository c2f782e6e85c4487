import type { EntityManager } from '@mikro-orm/postgresql';
import { CHAT_KINDS_SQL, CONVERSATION_DEPTH_GUARD, followsChatTurnSql, LATER_TURNS_SQL } from './conversation-threads.ts';
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
 * conversations, never turns. One query finds the page's conversations and their turns; a second reads those turns
 * as the history shows them.
 */
export async function loadConversationHistory(em: EntityManager, userId: string, options: HistoryPageOptions): Promise<ConversationPage> {
  const search = options.search?.trim() ?? '';
  const [row] = await em.execute<PageRow[]>(
    `with recursive turn (id, thread_id, depth) as (
       select asked.id, asked.id, 0
         from search_requests asked
        where asked.user_id = ? and asked.retry_of is null and asked.kind in ${CHAT_KINDS_SQL} and not ${followsChatTurnSql('asked')}
       union all
       ${LATER_TURNS_SQL}
     ), conversation as (
       select turn.thread_id,
              max(greatest(asked.created_at, (select max(again.created_at) from search_requests again where again.retry_of = asked.id))) as last_activity_at,
              array_agg(asked.id order by asked.created_at, asked.id) as turn_ids,
              bool_or(? = '' or asked.query ilike ?) as matched
         from turn join search_requests asked on asked.id = turn.id
        group by turn.thread_id
     ), matching as (
       select * from conversation where matched
     )
     select (select count(*)::int from matching) as total,
            coalesce((select json_agg(json_build_object('threadId', page.thread_id, 'lastActivityAt', page.last_activity_at, 'turnIds', page.turn_ids)
                                      order by page.last_activity_at desc, page.thread_id desc)
                        from (select * from matching order by last_activity_at desc, thread_id desc limit ? offset ?) page), '[]'::json) as page`,
    [userId, userId, CONVERSATION_DEPTH_GUARD, search, likePattern(search), options.limit, options.offset ?? 0],
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
