import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureHold, creditOnce, ensureCreditAccount, lockCreditAccount, placeHold, releaseHold } from '../../core/credits/credit-ledger.ts';
import { openDatabase } from '../../core/database/open-database.ts';
import { createIsolatedDatabase } from '../support/isolated-resources.ts';

let orm: MikroORM;
let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;

beforeAll(async () => {
  database = await createIsolatedDatabase();
  orm = await openDatabase({ databaseUrl: database.url, logger: pino({ level: 'silent' }), poolSize: 4 });
});

afterAll(async () => {
  await orm?.close();
  await database?.drop();
});

type Operation =
  | { kind: 'grant'; account: number; amount: number; reason: number }
  | { kind: 'admit'; account: number; amount: number }
  | { kind: 'capture'; hold: number }
  | { kind: 'release'; hold: number }
  | { kind: 'duplicate-delivery'; hold: number }
  | { kind: 'crash-and-sweep'; hold: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('grant' as const), account: fc.nat(2), amount: fc.integer({ min: 1, max: 200 }), reason: fc.nat(4) }),
  fc.record({ kind: fc.constant('admit' as const), account: fc.nat(2), amount: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ kind: fc.constant('capture' as const), hold: fc.nat(20) }),
  fc.record({ kind: fc.constant('release' as const), hold: fc.nat(20) }),
  fc.record({ kind: fc.constant('duplicate-delivery' as const), hold: fc.nat(20) }),
  fc.record({ kind: fc.constant('crash-and-sweep' as const), hold: fc.nat(20) }),
);

/** What the ledger must say, computed the simple way. */
interface Expected {
  balance: number[];
  held: number[];
  holds: { runId: string; account: number; amount: number; status: 'held' | 'captured' | 'released' }[];
  reasons: Set<string>;
}

async function checkInvariants(accountIds: string[], expected: Expected): Promise<void> {
  const connection = orm.em.fork().getConnection();
  for (const [index, accountId] of accountIds.entries()) {
    const [row] = await connection.execute<{ balance: string; held: string; entries: string | null; open: string | null }[]>(
      `select a.balance, a.held,
              (select sum(amount) from credit_entries e where e.account_id = a.id) as entries,
              (select sum(amount) from credit_holds h where h.account_id = a.id and h.status = 'held') as open
         from credit_accounts a where a.id = ?`,
      [accountId],
    );
    // balance = sum of entries; held = sum of open holds; nothing negative, never more held than owned.
    expect(Number(row!.balance)).toBe(Number(row!.entries ?? 0));
    expect(Number(row!.held)).toBe(Number(row!.open ?? 0));
    expect(Number(row!.held)).toBeGreaterThanOrEqual(0);
    expect(Number(row!.held)).toBeLessThanOrEqual(Number(row!.balance));
    expect(Number(row!.balance)).toBe(expected.balance[index]);
    expect(Number(row!.held)).toBe(expected.held[index]);
  }
  for (const hold of expected.holds) {
    const [stored] = await connection.execute<{ status: string; charges: string }[]>(
      `select h.status, (select count(*) from credit_entries e where e.reference = ?) as charges from credit_holds h where h.run_id = ?`,
      [`charge:${hold.runId}`, hold.runId],
    );
    // Each hold ends once: captured holds have exactly one charge, released ones (failures) none.
    expect(stored!.status).toBe(hold.status);
    expect(Number(stored!.charges)).toBe(hold.status === 'captured' ? 1 : 0);
  }
}

describe('credit ledger properties', () => {
  it('keeps every invariant through random grants, admissions, settlements, duplicate deliveries and crashes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 30 }), async (operations) => {
        const em = orm.em.fork();
        const accountIds: string[] = [];
        for (let index = 0; index < 3; index += 1) accountIds.push((await ensureCreditAccount(em, { guestKey: randomUUID() })).id);
        const expected: Expected = { balance: [0, 0, 0], held: [0, 0, 0], holds: [], reasons: new Set() };
        const settle = async (holdIndex: number, action: 'capture' | 'release') => {
          const hold = expected.holds[holdIndex];
          if (!hold) return;
          await orm.em.fork().transactional((transaction) => (action === 'capture' ? captureHold(transaction, hold.runId) : releaseHold(transaction, hold.runId)));
          if (hold.status !== 'held') return;
          hold.status = action === 'capture' ? 'captured' : 'released';
          expected.held[hold.account]! -= hold.amount;
          if (action === 'capture') expected.balance[hold.account]! -= hold.amount;
        };

        for (const step of operations) {
          if (step.kind === 'grant') {
            const reference = `grant:${accountIds[step.account]}:${step.reason}`;
            await orm.em.fork().transactional((transaction) => creditOnce(transaction, accountIds[step.account]!, 'grant', step.amount, reference));
            if (!expected.reasons.has(reference)) {
              expected.reasons.add(reference);
              expected.balance[step.account]! += step.amount;
            }
          } else if (step.kind === 'admit') {
            const runId = randomUUID();
            const admitted = await orm.em.fork().transactional(async (transaction) => {
              const account = await lockCreditAccount(transaction, accountIds[step.account]!);
              if (account.balance - account.held < step.amount) return false;
              await placeHold(transaction, account.id, runId, step.amount, new Date(Date.now() + 60_000));
              return true;
            });
            const affordable = expected.balance[step.account]! - expected.held[step.account]! >= step.amount;
            expect(admitted).toBe(affordable);
            if (admitted) {
              expected.held[step.account]! += step.amount;
              expected.holds.push({ runId, account: step.account, amount: step.amount, status: 'held' });
            }
          } else if (step.kind === 'capture') {
            await settle(step.hold, 'capture');
          } else if (step.kind === 'release') {
            await settle(step.hold, 'release');
          } else if (step.kind === 'duplicate-delivery') {
            // At-least-once: the same settlement arrives twice.
            await settle(step.hold, 'capture');
            await settle(step.hold, 'capture');
          } else {
            // The worker died mid-answer; the sweeper releases what it held. A late capture must then do nothing.
            await settle(step.hold, 'release');
            await settle(step.hold, 'capture');
          }
          await checkInvariants(accountIds, expected);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('refuses a balance below zero even from hand-written SQL', async () => {
    const em = orm.em.fork();
    const account = await ensureCreditAccount(em, { guestKey: randomUUID() });
    await expect(em.getConnection().execute(`update credit_accounts set balance = -1 where id = ?`, [account.id])).rejects.toThrow(/check constraint/);
    await expect(em.getConnection().execute(`update credit_accounts set held = 5 where id = ?`, [account.id])).rejects.toThrow(/check constraint/);
  });
});
