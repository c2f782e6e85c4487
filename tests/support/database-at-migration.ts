import { afterAll, beforeAll } from 'vitest';
import { MikroORM } from '@mikro-orm/postgresql';
import pino from 'pino';
import { createOrmOptions } from '../../core/database/orm-options.ts';
import { createIsolatedDatabase } from './isolated-resources.ts';

/**
 * A database of the test's own, migrated up to and including `migration` only: rows can be stored the way an older
 * release stored them, then the migrations after it run and the test checks what became of the rows.
 */
export async function databaseAtMigration(migration: string): Promise<{ orm: MikroORM; close(): Promise<void> }> {
  const database = await createIsolatedDatabase();
  const orm = await MikroORM.init(createOrmOptions({ databaseUrl: database.url, logger: pino({ level: 'silent' }), poolSize: 2 }));
  await orm.migrator.up({ to: migration });
  return {
    orm,
    async close() {
      await orm.close();
      await database.drop();
    },
  };
}

/**
 * The same, for a whole test file: made before its tests and dropped after them. Read the ORM through the returned
 * function, since it exists only once the file's tests have begun.
 */
export function useDatabaseAtMigration(migration: string): () => MikroORM {
  let database: Awaited<ReturnType<typeof databaseAtMigration>> | undefined;
  beforeAll(async () => {
    database = await databaseAtMigration(migration);
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!database) throw new Error('the database is made before the tests run: read it inside a test');
    return database.orm;
  };
}
