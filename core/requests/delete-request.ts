import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors/app-error.ts';

/** The wording of deleting a request from the history. */
export const DELETE_REQUEST_TEXTS = {
  deleted: 'Request deleted.',
  notFound: 'Request not found',
  stillAnswering: 'Wait for every answer to finish before deleting this request.',
  arenaRound: 'An arena round cannot be deleted: its vote counts on the leaderboard.',
} as const;

/**
 * Deletes one of a person's requests with its regenerated versions (its runs and their brand analyses and shared
 * links go with them). The credit ledger is untouched: charges stay where they were booked. Refused while any
 * version is still answering (its hold must settle first), and for an arena round, whose vote feeds the
 * leaderboard. Follow-ups that continued it stay, on their own. One statement, so a run cannot start answering
 * between the check and the delete.
 */
export async function deleteOwnRequest(em: EntityManager, userId: string, requestId: string): Promise<void> {
  const [row] = await em.execute<{ found: boolean; kind: string | null; open_runs: number; deleted: number }[]>(
    `with target as (
       select id, kind from search_requests where id = ? and user_id = ? and retry_of is null
     ), open as (
       select count(*)::int as open_runs from model_runs run join search_requests asked on asked.id = run.request_id
        where (asked.id = (select id from target) or asked.retry_of = (select id from target)) and run.status in ('queued', 'running')
     ), deleted as (
       delete from search_requests as request
        where (request.id = (select id from target) or request.retry_of = (select id from target))
          and (select kind from target) <> 'arena' and (select open_runs from open) = 0
       returning request.id
     )
     select exists (select 1 from target) as found, (select kind from target) as kind, (select open_runs from open) as open_runs,
            (select count(*)::int from deleted) as deleted`,
    [requestId, userId],
  );
  if (!row?.found) throw new AppError('NOT_FOUND', DELETE_REQUEST_TEXTS.notFound);
  if (row.kind === 'arena') throw new AppError('VALIDATION_ERROR', DELETE_REQUEST_TEXTS.arenaRound);
  if (row.open_runs > 0) throw new AppError('VALIDATION_ERROR', DELETE_REQUEST_TEXTS.stillAnswering);
}
