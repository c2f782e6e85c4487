import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useDatabaseAtMigration } from '../support/database-at-migration.ts';

/** The migration before samples per cell: sets stored then must keep asking once per cell. */
const BEFORE = 'Migration20261126140000_brand_evidence';

const database = useDatabaseAtMigration(BEFORE);

async function insertSet(userId: string): Promise<string> {
  const id = randomUUID();
  await database().em.getConnection().execute(
    `insert into tracking_sets (id, user_id, name, brand, prompts, models, cadence)
     values (?, ?, 'Set', '{"brandName":"Zorblax"}', '["Zorblax"]', '[{"engine":"openai","model":"gpt-4o-mini"}]', 'daily')`,
    [id, userId],
  );
  return id;
}

describe('the tracking samples migration', () => {
  it('keeps existing sets at one sample per cell, gives new sets three, and sets the alert defaults', async () => {
    const orm = database();
    const connection = orm.em.getConnection();
    const userId = randomUUID();
    await connection.execute(`insert into users (id, email, name, password_hash) values (?, ?, 'Old', 'x')`, [userId, `${userId}@example.test`]);
    const existing = await insertSet(userId);

    await orm.migrator.up();
    const created = await insertSet(userId);
    const rows = await connection.execute<{ id: string; samples_per_cell: number; alert_p_value: number; alert_min_readings: number }[]>(
      `select id, samples_per_cell, alert_p_value::float8 as alert_p_value, alert_min_readings from tracking_sets where user_id = ?`,
      [userId],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(existing)).toMatchObject({ samples_per_cell: 1, alert_min_readings: 10 });
    expect(byId.get(created)).toMatchObject({ samples_per_cell: 3, alert_min_readings: 10 });
    expect(byId.get(created)!.alert_p_value).toBeCloseTo(0.05, 6);
    await expect(connection.execute(`update tracking_sets set samples_per_cell = 11 where id = ?`, [created])).rejects.toThrow(/check/i);
  });
});
