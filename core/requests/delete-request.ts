import type { EntityManager } from '@mikro-orm/postgresql';
import { CHAT_REQUEST_KINDS } from '../database/index.ts';
import { AppError } from '../errors/index.ts';
import { CHAT_KINDS_SQL, CONVERSATION_DEPTH_GUARD, conversationTurnsSql, withoutJit } from './conversation-threads.ts';

/** The wording of deleting a conversation from the history. */
export const DELETE_REQUEST_TEXTS = {
  deleted: 'Request deleted.',
  notFound: 'Request not found',
  stillAnswering: 'Wait for every answer to finish before deleting this request.',
  arenaRound: 'An arena round cannot be deleted: its vote counts on the leaderboard.',
  laterTurn: 'This question is a turn of a conversation: delete the conversation, named by its first question.',
} as const;

/**
 * Deletes one of a person's conversations, named by its first question, as the history lists it: every turn (edited
 * versions and models continued alone included) with its regenerated answers; their runs, brand analyses and shared
 * links go with them. The credit ledger is untouched: charges stay where they were booked. Refused for a later turn
 * (the history has no entry for it), while any answer of the conversation is still being written (its hold must
 * settle first), and for an arena round, whose vote feeds the leaderboard. One statement, so a run cannot start
 * answering between the check and the delete (conversation-threads.ts says what a conversation is).
 */
export async function deleteOwnConversation(em: EntityManager, userId: string, requestId: string): Promise<void> {
  const [row] = await withoutJit(em, (transaction) =>
    transaction.execute<{ found: boolean; kind: string | null; entry: boolean; open_runs: number; deleted: number }[]>(
      `with recursive ${conversationTurnsSql('thread_id = ?')}, target as (
         select asked.id, asked.kind, asked.kind in ${CHAT_KINDS_SQL} and exists (select 1 from first_turn where first_turn.id = asked.id and first_turn.thread_id = asked.id) as entry
           from search_requests asked where asked.id = ? and asked.user_id = ? and asked.retry_of is null
       ), asked as (
         select named_turn.id from turn join named_turn on named_turn.turn_id = turn.id
       ), open as (
         select count(*)::int as open_runs from model_runs run
          where run.request_id in (select id from asked) and run.status in ('queued', 'running')
       ), deleted as (
         delete from search_requests as request
          where request.id in (select id from asked) and (select entry from target) and (select open_runs from open) = 0
         returning request.id
       )
       select exists (select 1 from target) as found, (select kind from target) as kind, coalesce((select entry from target), false) as entry,
              (select open_runs from open) as open_runs, (select count(*)::int from deleted) as deleted`,
      [userId, userId, requestId, CONVERSATION_DEPTH_GUARD, requestId, userId],
    ),
  );
  if (!row?.found) throw new AppError('NOT_FOUND', DELETE_REQUEST_TEXTS.notFound);
  if (row.kind === 'arena') throw new AppError('VALIDATION_ERROR', DELETE_REQUEST_TEXTS.arenaRound);
  // A tracking run's question is not in the chat history: there is nothing of it to delete here.
  if (row.kind !== null && !(CHAT_REQUEST_KINDS as readonly string[]).includes(row.kind)) throw new AppError('NOT_FOUND', DELETE_REQUEST_TEXTS.notFound);
  if (!row.entry) throw new AppError('VALIDATION_ERROR', DELETE_REQUEST_TEXTS.laterTurn);
  if (row.open_runs > 0) throw new AppError('VALIDATION_ERROR', DELETE_REQUEST_TEXTS.stillAnswering);
}
