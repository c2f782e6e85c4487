import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from 'pino';
import { MIGRATIONS } from '../../migrations/index.ts';
import { StoredBrandMentionSchema } from './entities/brand-mention.ts';
import { ModelRunSchema } from './entities/model-run.ts';
import { EmailVerificationTokenSchema } from './entities/email-verification-token.ts';
import { SearchRequestSchema } from './entities/search-request.ts';
import { SupportRequestSchema } from './entities/support-request.ts';
import { UserSessionSchema } from './entities/user-session.ts';
import { UserSchema } from './entities/user.ts';

export const ENTITIES = [SearchRequestSchema, ModelRunSchema, UserSchema, UserSessionSchema, EmailVerificationTokenSchema, SupportRequestSchema, StoredBrandMentionSchema];

export interface OrmOptionsInput {
  databaseUrl: string;
  logger: Logger;
  /** Connections per process; the worker and server each hold their own pool. */
  poolSize?: number;
  /** Shown for each connection in `pg_stat_activity` (which process holds a session), e.g. `quorum-server`. */
  applicationName?: string;
}

export function createOrmOptions({ databaseUrl, logger, poolSize = 10, applicationName = 'quorum' }: OrmOptionsInput) {
  return defineConfig({
    clientUrl: databaseUrl,
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: {
      tableName: 'schema_migrations',
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    pool: { min: 0, max: poolSize },
    // Passed to each pg connection of the pool.
    driverOptions: { application_name: applicationName },
    // Metadata comes from defineEntity, so no reflection or discovery of files is needed.
    discovery: { warnWhenNoEntities: true },
    debug: false,
    logger: (message) => logger.debug({ component: 'orm' }, message),
    // A fresh EntityManager per request and per job is made explicitly (em.fork()); a global one is a bug.
    allowGlobalContext: false,
  });
}
