import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../core/database/index.ts';
import { createIsolatedDatabase } from '../support/isolated-resources.ts';

/**
 * Closing a process's pool: at once when every connection is back, and within its patience when one was never
 * given back (a shutdown must not hang on a leak), saying what the pool still held. Its sessions carry the
 * process's name, so an operator reading `pg_stat_activity` can tell the server's from the worker's.
 */
let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;

beforeAll(async () => {
  database = await createIsolatedDatabase();
});

afterAll(async () => {
  await database?.drop();
});

/** A logger that keeps what was logged as an error. */
function recordingLogger() {
  const errors: Array<{ details: Record<string, unknown>; message: string }> = [];
  return { errors, logger: { error: (details: Record<string, unknown>, message: string) => void errors.push({ details, message }) } };
}

async function applicationNames(): Promise<string[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'select application_name as name from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

describe('closing the database pool', () => {
  it('names its sessions and closes at once when every connection is back', async () => {
    const orm = await openDatabase({ databaseUrl: database.url, logger: pino({ level: 'silent' }), poolSize: 2, prepare: false, applicationName: 'quorum-close-test' });
    await orm.em.fork().getConnection().execute('select 1');
    expect(await applicationNames()).toContain('quorum-close-test');
    const { errors, logger } = recordingLogger();
    const began = Date.now();
    expect(await closeDatabase(orm, logger, 30_000)).toBe('closed');
    expect(Date.now() - began).toBeLessThan(30_000);
    expect(errors).toEqual([]);
    await expect.poll(applicationNames).not.toContain('quorum-close-test');
  });

  it('stops waiting after its patience when a connection was never given back, and says so', async () => {
    const orm = await openDatabase({ databaseUrl: database.url, logger: pino({ level: 'silent' }), poolSize: 2, prepare: false, applicationName: 'quorum-leak-test' });
    const pool = await orm.em.getConnection().getNativeClient();
    const leaked = await pool.connect();
    try {
      const { errors, logger } = recordingLogger();
      expect(await closeDatabase(orm, logger, 300)).toBe('abandoned');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.message).toMatch(/did not close/);
      expect(errors[0]!.details).toMatchObject({ connections: 1, idle: 0, waitedMs: 300 });
    } finally {
      leaked.release();
    }
  });
});
