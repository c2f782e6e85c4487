import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Cluster, Redis } from 'ioredis';
import pg from 'pg';
import pino from 'pino';
import { openDatabase, quoteIdentifier } from '../../core/database/open-database.ts';
import { testServices } from './test-services.ts';

/**
 * A database of its own for one test file, dropped afterwards, so files run in parallel without seeing each other.
 * `migrated` gives it every migration already applied, copied from a template built once per set of migrations
 * (see `migratedTemplate`); without it the database is empty, for tests of the migrations themselves.
 */
export async function createIsolatedDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const { postgresAdminUrl } = await testServices();
  const name = `quorum_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? await migratedTemplate(postgresAdminUrl) : undefined;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${quoteIdentifier(name)}${template ? ` template ${quoteIdentifier(template)}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(postgresAdminUrl, name);
  return {
    url,
    async drop() {
      const cleanup = new pg.Client({ connectionString: postgresAdminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
      await cleanup.end();
    },
  };
}

function databaseUrl(postgresAdminUrl: string, name: string): string {
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Taken on the maintenance database while one test process builds the template the others then copy. */
const TEMPLATE_LOCK_KEY = 4_207_790;
let template: Promise<string> | undefined;

/**
 * The name of a database with every migration applied, built once and then only copied. Applying the 39 migrations
 * took 1.5–2 s of every test stack's start (several hundred stacks a run); copying a database takes a fraction of
 * that. The name carries a hash of the migration files, so an edited or added migration gets a template of its own,
 * and each stack's processes still run the migrator at start, finding nothing left to apply. Test processes starting
 * together take turns under an advisory lock; the builder migrates under a scratch name and renames it when done, so
 * no process ever copies a half-built template.
 */
function migratedTemplate(postgresAdminUrl: string): Promise<string> {
  template ??= buildMigratedTemplate(postgresAdminUrl);
  return template;
}

async function buildMigratedTemplate(postgresAdminUrl: string): Promise<string> {
  const name = `quorum_test_template_${await migrationsHash()}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const scratch = `${name}_building`;
      await admin.query(`drop database if exists ${quoteIdentifier(scratch)} with (force)`);
      await admin.query(`create database ${quoteIdentifier(scratch)}`);
      const orm = await openDatabase({ databaseUrl: databaseUrl(postgresAdminUrl, scratch), logger: pino({ level: 'silent' }), poolSize: 1 });
      await orm.close();
      await renameOnceClosed(admin, scratch, name);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}

/** Renames a database once the connections just closed to it have ended (Postgres refuses while any is open: 55006). */
async function renameOnceClosed(admin: pg.Client, from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`alter database ${quoteIdentifier(from)} rename to ${quoteIdentifier(to)}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A short hash of every migration file's name and text. */
async function migrationsHash(): Promise<string> {
  const folder = fileURLToPath(new URL('../../migrations/', import.meta.url));
  const hash = createHash('sha256');
  for (const file of (await readdir(folder)).sort()) hash.update(file).update(await readFile(path.join(folder, file)));
  return hash.digest('hex').slice(0, 12);
}

/**
 * A Redis key prefix of its own (queues, streams, leases), with every key under it deleted afterwards. When the test
 * process runs against a Redis Cluster (REDIS_CLUSTER_NODES, set by the cluster suite), `clusterNodes` says where,
 * and the clean-up walks every master.
 */
export async function createIsolatedRedisPrefix(): Promise<{
  redisUrl: string;
  clusterNodes: string | undefined;
  keyPrefix: string;
  cleanup(): Promise<void>;
}> {
  const { redisUrl, redisClusterNodes } = await testServices();
  const keyPrefix = `quorum-test-${randomBytes(6).toString('hex')}`;
  return {
    redisUrl,
    clusterNodes: redisClusterNodes,
    keyPrefix,
    async cleanup() {
      const redis = openTestRedis(redisUrl, redisClusterNodes);
      try {
        const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
        await Promise.all(nodes.map((node) => deleteMatching(node, redis, `${keyPrefix}:*`)));
      } finally {
        await redis.quit();
      }
    },
  };
}

/** A plain connection for a test to look into Redis (or its cluster) the way Quorum's processes see it. */
export function openTestRedis(redisUrl: string, clusterNodes: string | undefined): Redis | Cluster {
  if (!clusterNodes) return new Redis(redisUrl, { maxRetriesPerRequest: null });
  const nodes = clusterNodes.split(',').map((entry) => {
    const [host, port] = entry.split(':');
    return { host: host!, port: Number(port) };
  });
  return new Cluster(nodes, { redisOptions: { maxRetriesPerRequest: null } });
}

async function deleteMatching(node: Redis, redis: Redis | Cluster, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    // One key per DEL: on a cluster, keys of different slots cannot go in one command.
    await Promise.all(keys.map((key) => redis.del(key)));
  } while (cursor !== '0');
}

/** Every key matching `pattern`: KEYS on one Redis, or on every master of a cluster (each holds only its slots). */
export async function keysMatching(redis: Redis | Cluster, pattern: string): Promise<string[]> {
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  return (await Promise.all(nodes.map((node) => node.keys(pattern)))).flat();
}
