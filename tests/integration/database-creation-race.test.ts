import { randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDatabaseExists, quoteIdentifier } from '../../core/database/open-database.ts';
import { testServices } from '../support/test-services.ts';

/**
 * Every Quorum process creates the database when it is missing, so on a fresh machine they race to create it. Each
 * must come up: exactly one creates it, the others find it (before, one in four fresh starts died with 23505).
 */
const created: string[] = [];
let adminUrl: string;

afterAll(async () => {
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists ${quoteIdentifier(name)}`);
  await admin.end();
});

describe('creating a fresh database', () => {
  it('lets many processes starting together create it exactly once, none failing', { timeout: 120_000 }, async () => {
    adminUrl = (await testServices()).postgresAdminUrl;
    const logger = pino({ level: 'silent' });

    for (let round = 0; round < 6; round += 1) {
      const name = `quorum_fresh_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      created.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => ensureDatabaseExists(url.toString(), logger)));
      expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => String((outcome as PromiseRejectedResult).reason))).toEqual([]);
      const probe = new pg.Client({ connectionString: url.toString() });
      await probe.connect();
      expect((await probe.query('select current_database() as name')).rows[0]).toEqual({ name });
      await probe.end();
    }
  });
});
