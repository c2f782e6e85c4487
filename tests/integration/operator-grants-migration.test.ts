import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useDatabaseAtMigration } from '../support/database-at-migration.ts';

const BEFORE = 'Migration20261128120000_verdict_corrections';

const database = useDatabaseAtMigration(BEFORE);

describe('the operator grants migration', () => {
  it('adds the operator_grant kind, which must say who and why, and going back keeps every balance', async () => {
    const orm = database();
    const connection = orm.em.getConnection();
    const account = randomUUID();
    await connection.execute(`insert into credit_accounts (id, guest_key, balance) values (?, ?, 0)`, [account, `guest-${account}`]);
    const insert = (kind: string, amount: number, grantedBy: string | null, reason: string | null) =>
      connection.execute(`insert into credit_entries (id, account_id, kind, amount, reference, granted_by, reason) values (?, ?, ?, ?, ?, ?, ?)`, [
        randomUUID(),
        account,
        kind,
        amount,
        `test:${randomUUID()}`,
        grantedBy,
        reason,
      ]);

    await orm.migrator.up();
    await insert('operator_grant', 500, 'ops', 'Pilot customer');
    await connection.execute(`update credit_accounts set balance = 500 where id = ?`, [account]);
    // Without who or why, with a blank one, taking credits away, or who and why on another kind: refused.
    await expect(insert('operator_grant', 10, null, 'Why')).rejects.toThrow(/check/i);
    await expect(insert('operator_grant', 10, 'ops', null)).rejects.toThrow(/check/i);
    await expect(insert('operator_grant', 10, '  ', 'Why')).rejects.toThrow(/check/i);
    await expect(insert('operator_grant', -10, 'ops', 'Why')).rejects.toThrow(/check/i);
    await expect(insert('purchase', 10, 'ops', 'Why')).rejects.toThrow(/check/i);

    await orm.migrator.down({ to: BEFORE });
    const [entry] = await connection.execute<{ kind: string; amount: string }[]>(`select kind, amount from credit_entries where account_id = ?`, [account]);
    expect(entry).toEqual({ kind: 'adjustment', amount: '500' });
    await expect(connection.execute(`insert into credit_entries (id, account_id, kind, amount, reference) values (?, ?, 'operator_grant', 1, ?)`, [randomUUID(), account, `test:${randomUUID()}`])).rejects.toThrow(/check/i);
  });
});
