import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Logger } from 'pino';
import { createOrmOptions } from './orm-options.ts';

/** Any fixed number works; it only has to be the same in every Quorum process sharing the database. */
const MIGRATION_LOCK_KEY = 4_207_711;
/** Taken on the maintenance database while one process checks for and creates the database (any fixed number). */
const CREATION_LOCK_KEY = 4_207_712;

export type Database = MikroORM;

export interface OpenDatabaseOptions {
  databaseUrl: string;
  logger: Logger;
  poolSize?: number;
  /** Names this process's sessions in `pg_stat_activity`. */
  applicationName?: string;
  /** Create the database when it does not exist yet (a fresh machine), then apply pending migrations. */
  prepare?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.prepare !== false) {
    await ensureDatabaseExists(options.databaseUrl, options.logger);
  }
  const orm = await MikroORM.init(createOrmOptions(options));
  if (options.prepare !== false) {
    await migrateUnderLock(orm, options.databaseUrl, options.logger);
  }
  return orm;
}

/**
 * The server and every worker apply migrations at start; a Postgres advisory lock makes them take turns so two
 * processes starting together never run the same migration twice.
 */
async function migrateUnderLock(orm: MikroORM, databaseUrl: string, logger: Logger): Promise<void> {
  const lockClient = new pg.Client({ connectionString: databaseUrl });
  await lockClient.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await orm.migrator.up();
    if (applied.length > 0) {
      logger.info({ migrations: applied.map((migration) => migration.name) }, 'applied database migrations');
    }
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lockClient.end();
  }
}

/**
 * Creates the database on a fresh machine. Processes starting together take turns under an advisory lock on the
 * maintenance database, and each looks again once it holds the lock, so exactly one creates it and the others find
 * it there (two concurrent CREATE DATABASE statements can otherwise fail with a unique violation, 23505).
 */
export async function ensureDatabaseExists(databaseUrl: string, logger: Logger): Promise<void> {
  const target = new URL(databaseUrl);
  const databaseName = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!databaseName) return;
  const probe = new pg.Client({ connectionString: databaseUrl });
  try {
    await probe.connect();
    return;
  } catch (error) {
    // 3D000 = invalid_catalog_name: the server answers but the database is missing. Anything else is real.
    if ((error as { code?: string }).code !== '3D000') throw error;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const maintenanceUrl = new URL(databaseUrl);
  maintenanceUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenanceUrl.toString() });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [CREATION_LOCK_KEY]);
    const existing = await admin.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (existing.rowCount === 0) {
      await admin.query(`create database ${quoteIdentifier(databaseName)}`);
      logger.info({ database: databaseName }, 'created database');
    }
  } catch (error) {
    // 42P04 = duplicate_database, 23505 = its unique index: a process outside this lock (an older release, a
    // person) created it first, which is just as good.
    const code = (error as { code?: string }).code;
    if (code !== '42P04' && code !== '23505') throw error;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [CREATION_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}

export function quoteIdentifier(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
