import type { EntityManager } from '@mikro-orm/postgresql';
import { CHAT_REQUEST_KINDS } from '../database/index.ts';

/**
 * How the chat history tells conversations apart, as SQL both the history page and deleting a conversation use. A
 * conversation is a first question and every question that follows it up, walking `follow_up_of` down (through
 * answers asked again on their own, which a follow-up may name); edited questions and models continued alone are
 * turns of it too, and an edited first question (a second version of it) belongs with the first. A first question is
 * one whose `follow_up_of` leads to nothing in the owner's chat history: none, a deleted request, or an arena round
 * (seen on its own page). Nothing is stored for it, so a conversation is always what its follow-up links say.
 */

/** The kinds the chat history lists, as an SQL list (fixed words, never input). */
export const CHAT_KINDS_SQL = `(${CHAT_REQUEST_KINDS.map((kind) => `'${kind}'`).join(', ')})`;

/**
 * How deep a conversation is walked. A thread holds at most `FOLLOW_UP_LIMITS.turns` questions (edits sit beside
 * the question they replace, not below it); the walk stops well past that, only so a corrupt chain cannot loop.
 */
export const CONVERSATION_DEPTH_GUARD = 200;

/**
 * The common table expressions that find a person's conversations, read from their own requests only (the owner's
 * index, never the whole table):
 * - `own_turn`: their chat questions (not the answers asked again);
 * - `named_turn (id, turn_id, created_at)`: every request a follow-up may name, with the question it stands for
 *   (a question stands for itself, an answer asked again for its question) and when it was asked;
 * - `first_turn (id, thread_id, query, created_at)`: the questions that start a conversation, each with its
 *   conversation's id (an edited first question takes its first version's);
 * - `turn (id, thread_id, depth, query, created_at)`: every question of the conversations whose first questions
 *   match `seed` (a condition on `first_turn`), walked down from them.
 * Parameters, in order: the owner, the owner again, those of `seed`, then the depth guard. Written after
 * `with recursive`.
 */
export function conversationTurnsSql(seed: string): string {
  return `own_turn as materialized (
       select id, follow_up_of, version_of, query, created_at from search_requests
        where user_id = ? and retry_of is null and kind in ${CHAT_KINDS_SQL}
     ), named_turn (id, turn_id, created_at) as (
       select id, id, created_at from own_turn
       union all
       select again.id, again.retry_of, again.created_at from search_requests again
        where again.user_id = ? and again.retry_of in (select id from own_turn)
     ), first_turn as (
       select first.id, first.query, first.created_at, coalesce(original.id, first.id) as thread_id
         from own_turn first left join own_turn original on original.id = first.version_of
        where first.follow_up_of is null or first.follow_up_of not in (select id from named_turn)
     ), turn (id, thread_id, depth, query, created_at) as (
       select id, thread_id, 0, query, created_at from first_turn where ${seed}
       union all
       select later.id, turn.thread_id, turn.depth + 1, later.query, later.created_at
         from turn
         join named_turn on named_turn.turn_id = turn.id
         join own_turn later on later.follow_up_of = named_turn.id
        where turn.depth < ?
     )`;
}

/**
 * Runs a conversation statement without Postgres's JIT compilation. The planner cannot know how deep the walk goes,
 * so it guesses billions of rows and would spend seconds compiling a statement that runs in milliseconds.
 */
export async function withoutJit<T>(em: EntityManager, statement: (em: EntityManager) => Promise<T>): Promise<T> {
  return em.transactional(async (transaction) => {
    await transaction.execute('set local jit = off');
    return statement(transaction);
  });
}
