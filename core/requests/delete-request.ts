import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors/app-error.ts';
import { CHAT_KINDS_SQL, CONVERSATION_DEPTH_GUARD, followsChatTurnSql, LATER_TURNS_SQL } from './conversation-threads.ts';

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
 * answering between the check and the delete.
 */
export async function deleteOwnConversation(em: EntityManager, userId: string, requestId: string): Promise<void> {
  const [row] = await em.execute<{ found: boolean; kind: string | null; later_turn: boolean; open_runs: number; deleted: number }[]>(
    `with recursive target as (
       select asked.id, asked.kind, asked.kind in ${CHAT_KINDS_SQL} and ${followsChatTurnSql('asked')} as later_turn
         from search_requests asked where asked.id = ? and asked.user_id = ? and asked.retry_of is null
     ), turn (id, thread_id, depth) as (
       select id, id, 0 from target
       union all
       ${LATER_TURNS_SQL}
     ), asked as (
       select request.id from search_requests request
        where request.id in (select id from turn) or request.retry_of in (select id from turn)
     ), open as (
       select count(*)::int as open_runs from model_runs run
        where run.request_id in (select id from asked) and run.status in ('queued', 'running')
     ), deleted as (
       delete from search_requests as request
        where request.id in (select id from asked)
          and (select kind from target) <> 'arena' and not (select later_turn from target) and (select open_runs from open) = 0
       returning request.id
     )
     select exists (select 1 from target) as found, (select kind from target) as kind, coalesce((select later_turn from target), false) as later_turn,
            (select open_runs from open) as open_runs, (select count(*)::int from deleted) as deleted`,
    [requestId, userId, userId, CONVERSATION_DEPTH_GUARD],
  );
  if (!row?.found) throw new AppError('NOT_FOUND', DELETE_REQUEST_TEXTS.notFound);
  if (row.kind === 'arena') throw new AppError('VALIDATION_ERROR', DELETE_REQUEST_TEXTS.arenaRound);
  if (row.later_turn) throw new AppError('VALIDATION_ERROR', DELETE_REQUEST_TEXTS.laterTurn);
  if (row.open_runs > 0) throw new AppError('VALIDATION_ERROR', DELETE_REQUEST_TEXTS.stillAnswering);
}
