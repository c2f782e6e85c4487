import type { EntityManager } from '@mikro-orm/postgresql';

/*
 * The arena writes its rounds; every door that shows, shares, exports, judges or continues a request asks this
 * first, so the question lives with requests (below the arena), and a blind round stays blind whichever door asks.
 */

/** Whether the request is an arena round nobody has voted on yet (its models are still a secret). */
export async function isUnrevealedRound(em: EntityManager, requestId: string): Promise<boolean> {
  const rows = await em.execute<unknown[]>(`select 1 from arena_rounds where request_id = ? and revealed_at is null`, [requestId]);
  return rows.length > 0;
}
