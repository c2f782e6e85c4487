import { CHAT_REQUEST_KINDS } from '../database/entities/search-request.ts';

/**
 * How the chat history tells conversations apart, as SQL both the history page and deleting a conversation use. A
 * conversation is a first question and every question that follows it up, walking `follow_up_of` down (through
 * answers asked again on their own, which a follow-up may name), edited versions and models continued alone
 * included. Its first question is one whose `follow_up_of` leads to nothing in the owner's chat history: none, a
 * deleted request, or an arena round (seen on its own page). Nothing is stored for it, so a conversation is always
 * what its follow-up links say.
 */

/** The kinds the chat history lists, as an SQL list (fixed words, never input). */
export const CHAT_KINDS_SQL = `(${CHAT_REQUEST_KINDS.map((kind) => `'${kind}'`).join(', ')})`;

/**
 * How deep a conversation is walked. A thread holds at most `FOLLOW_UP_LIMITS.turns` questions (edits sit beside
 * the question they replace, not below it); the walk stops well past that, only so a corrupt chain cannot loop.
 */
export const CONVERSATION_DEPTH_GUARD = 200;

/**
 * True when the chat request `alias` follows up another chat request of its owner: it is a later turn, not the
 * first question of a conversation. The request it names may be an answer asked again, which stands for its turn.
 */
export function followsChatTurnSql(alias: string): string {
  return `exists (
    select 1 from search_requests followed
      join search_requests followed_turn on followed_turn.id = coalesce(followed.retry_of, followed.id)
     where followed.id = ${alias}.follow_up_of and followed_turn.user_id = ${alias}.user_id
       and followed_turn.retry_of is null and followed_turn.kind in ${CHAT_KINDS_SQL})`;
}

/**
 * The recursive step that walks a conversation down: from each turn already found (`turn`, with `id`,
 * `thread_id` and `depth`), every chat request of `?` (the owner) that follows it up or follows up one of its
 * answers asked again. Takes two parameters: the owner, then the depth guard.
 */
export const LATER_TURNS_SQL = `select later.id, turn.thread_id, turn.depth + 1
    from turn
    cross join lateral (select turn.id as id union all select again.id from search_requests again where again.retry_of = turn.id) answered
    join search_requests later on later.follow_up_of = answered.id
   where later.user_id = ? and later.retry_of is null and later.kind in ${CHAT_KINDS_SQL} and turn.depth < ?`;
