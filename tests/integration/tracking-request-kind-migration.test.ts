import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useDatabaseAtMigration } from '../support/database-at-migration.ts';

/** The migration before tracking requests had their own kind: runs already asked became single questions or comparisons. */
const BEFORE = 'Migration20261127110000_model_versions_and_surfaces';
const MIGRATION = 'Migration20261127120000_tracking_request_kind';

const database = useDatabaseAtMigration(BEFORE);

describe('the tracking request kind migration', () => {
  it('moves the requests tracking runs asked to kind tracking, leaves chats alone, and goes back down as it came', async () => {
    const orm = database();
    const connection = orm.em.getConnection();
    const userId = randomUUID();
    await connection.execute(`insert into users (id, email, name, password_hash) values (?, ?, 'Old', 'x')`, [userId, `${userId}@example.test`]);
    const request = async (kind: 'single' | 'comparison', models: string[]) => {
      const id = randomUUID();
      const single = kind === 'single' ? models[0]! : null;
      await connection.execute(`insert into search_requests (id, query, kind, engine, model, user_id) values (?, 'Q', ?, ?, ?, ?)`, [id, kind, single && 'openai', single, userId]);
      for (const [position, model] of models.entries()) {
        await connection.execute(`insert into model_runs (id, request_id, engine, model, position) values (?, ?, 'openai', ?, ?)`, [randomUUID(), id, model, position]);
      }
      return id;
    };
    const trackedSingle = await request('single', ['gpt-4o-mini']);
    const trackedComparison = await request('comparison', ['gpt-4o-mini', 'gpt-4o']);
    const chat = await request('single', ['gpt-4o-mini']);
    const setId = randomUUID();
    await connection.execute(
      `insert into tracking_sets (id, user_id, name, brand, prompts, models, cadence) values (?, ?, 'Set', '{"brandName":"Zorblax"}', '["Q"]', '[{"engine":"openai","model":"gpt-4o-mini"}]', 'daily')`,
      [setId, userId],
    );
    await connection.execute(`insert into tracking_runs (id, set_id, slot_start, request_ids) values (?, ?, now(), ?)`, [randomUUID(), setId, JSON.stringify([trackedSingle, trackedComparison])]);
    const kinds = async () =>
      Object.fromEntries(
        (await connection.execute<{ id: string; kind: string; model: string | null }[]>(`select id, kind, model from search_requests where user_id = ?`, [userId])).map((row) => [
          row.id,
          `${row.kind}:${row.model ?? '-'}`,
        ]),
      );

    // Up to this migration only, so the step down below undoes exactly it, whatever later migrations exist.
    await orm.migrator.up({ to: MIGRATION });
    expect(await kinds()).toEqual({ [trackedSingle]: 'tracking:-', [trackedComparison]: 'tracking:-', [chat]: 'single:gpt-4o-mini' });
    await expect(connection.execute(`update search_requests set kind = 'other' where id = ?`, [chat])).rejects.toThrow(/check/i);

    await orm.migrator.down();
    expect(await kinds()).toEqual({ [trackedSingle]: 'single:gpt-4o-mini', [trackedComparison]: 'comparison:-', [chat]: 'single:gpt-4o-mini' });
  });
});
