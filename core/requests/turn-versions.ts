import type { EntityManager } from '@mikro-orm/postgresql';
import type { TurnVersion } from '../../contract/continuation.ts';
import { FOLLOW_UP_LIMITS } from '../../contract/limits.ts';

/**
 * Every version of each of the given questions, oldest first: the first version and each edit of it (a request
 * with `version_of` set; a regenerated answer is a version of an answer, not of the question, and is left out).
 * Each version comes with the newest request of the conversation that goes on from it, walking `follow_up_of`
 * down through its later turns of the same kind (a comparison's branch, not a model continued alone from it), so
 * the page can open that branch in the same view. A branch deeper than a thread may be is not
 * walked further.
 */
export async function turnVersions(em: EntityManager, requestIds: readonly string[]): Promise<Map<string, TurnVersion[]>> {
  const byTurn = new Map<string, TurnVersion[]>(requestIds.map((id) => [id, []]));
  if (requestIds.length === 0) return byTurn;
  const rows = await em.execute<{ turn_id: string; request_id: string; query: string; latest_request_id: string }[]>(
    `with turn as (
       select asked.id as turn_id, coalesce(asked.version_of, asked.id) as first_id
         from search_requests asked where asked.id = any(?::uuid[])
     ), version as (
       select turn.turn_id, candidate.id, candidate.query, candidate.created_at, candidate.kind
         from turn join search_requests candidate on (candidate.id = turn.first_id or candidate.version_of = turn.first_id)
        where candidate.retry_of is null
     )
     select version.turn_id, version.id as request_id, version.query, latest.id as latest_request_id
       from version
       cross join lateral (
         with recursive branch as (
           select version.id as id, version.created_at as created_at, 0 as depth
           union all
           select later.id, later.created_at, branch.depth + 1
             from search_requests later join branch on later.follow_up_of = branch.id
            where later.retry_of is null and later.kind = version.kind and branch.depth < ?
         )
         select branch.id from branch order by branch.created_at desc, branch.id desc limit 1
       ) latest
      order by version.turn_id, version.created_at, version.id`,
    [`{${requestIds.join(',')}}`, FOLLOW_UP_LIMITS.turns],
  );
  for (const row of rows) byTurn.get(row.turn_id)?.push({ requestId: row.request_id, query: row.query, latestRequestId: row.latest_request_id });
  return byTurn;
}
