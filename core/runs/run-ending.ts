import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * How a run stands in Postgres, the record: still `open` (queued or running), ended and settled (`completed` and
 * charged, or `failed` or stopped with its hold released), ended with its hold still held (`unsettled`: the sweeper's
 * business), or `unknown` (no such run).
 */
export type RunEnding = 'open' | 'completed' | 'failed' | 'unsettled' | 'unknown';

/** Whether the run's ending is on record with its credits settled: what "its answer ended correctly" means. */
export const endedCorrectly = (ending: RunEnding): boolean => ending === 'completed' || ending === 'failed';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The run's standing; a job id that is no run's (not even a uuid) is `unknown`. */
export async function recordedRunEnding(em: EntityManager, runId: string): Promise<RunEnding> {
  if (!UUID.test(runId)) return 'unknown';
  const [row] = await em.execute<{ status: string; still_held: boolean }[]>(
    `select run.status,
            exists (select 1 from credit_holds hold where hold.run_id = run.id and hold.status = 'held') as still_held
       from model_runs run where run.id = ?`,
    [runId],
  );
  if (!row) return 'unknown';
  if (row.status === 'queued' || row.status === 'running') return 'open';
  if (row.still_held) return 'unsettled';
  return row.status === 'completed' ? 'completed' : 'failed';
}
