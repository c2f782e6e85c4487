import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { quoteIdentifier } from '../../core/database/open-database.ts';
import { testServices } from './test-services.ts';

/** A database of its own for one test file, dropped afterwards, so files run in parallel without seeing each other. */
export async function createIsolatedDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const { postgresAdminUrl } = await testServices();
  const name = `quorum_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${quoteIdentifier(name)}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: postgresAdminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
      await cleanup.end();
    },
  };
}

/** A Redis key prefix of its own (queues, streams, leases), with every key under it deleted afterwards. */
export async function createIsolatedRedisPrefix(): Promise<{ redisUrl: string; keyPrefix: string; cleanup(): Promise<void> }> {
  const { redisUrl } = await testServices();
  const keyPrefix = `quorum-test-${randomBytes(6).toString('hex')}`;
  return {
    redisUrl,
    keyPrefix,
    async cleanup() {
      const redis = new Redis(redisUrl);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}:*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
      await redis.quit();
    },
  };
}
