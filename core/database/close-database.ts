import type { MikroORM } from '@mikro-orm/postgresql';

/** How long a closing pool may wait for its connections to come back before the process stops waiting. */
export const DATABASE_CLOSE_PATIENCE_MS = 10_000;

export type DatabaseCloseOutcome = 'closed' | 'abandoned';

/** Where a pool that would not close is reported (a pino logger is one). */
export interface CloseErrorLog {
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * Closes the database pool, waiting at most `patienceMs`. A pool ends only once every connection it lent has been
 * given back; by the time a process closes its pool it has stopped taking work, so a connection still out then
 * was lost (a code path that never released it), and waiting on it would hang the shutdown for ever. Past the
 * patience the process logs what the pool still held and goes on: its exit closes the sockets, and Postgres ends
 * their sessions. The log line is the evidence to find the leak with.
 */
export async function closeDatabase(orm: MikroORM, logger: CloseErrorLog, patienceMs = DATABASE_CLOSE_PATIENCE_MS): Promise<DatabaseCloseOutcome> {
  // Read before closing: the pool is gone from the ORM once it has been told to end.
  const pool = await poolOf(orm);
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    orm.close().then(() => 'closed' as const),
    new Promise<'abandoned'>((resolve) => {
      timer = setTimeout(() => resolve('abandoned'), patienceMs);
    }),
  ]).finally(() => clearTimeout(timer));
  if (outcome === 'abandoned') {
    const held = pool ? { connections: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : {};
    logger.error({ ...held, waitedMs: patienceMs }, 'the database pool did not close: a connection was never given back; stopping without it');
  }
  return outcome;
}

async function poolOf(orm: MikroORM) {
  try {
    return await orm.em.getConnection().getNativeClient();
  } catch {
    return undefined;
  }
}
