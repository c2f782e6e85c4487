import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymiseCreditAccount, creditOnce, ensureCreditAccount } from '../../core/credits/credit-ledger.ts';
import { User } from '../../core/database/entities/user.ts';
import { openDatabase } from '../../core/database/open-database.ts';
import { attachPaymentIntent, recordPendingPurchase } from '../../core/payments/purchase-records.ts';
import { creditPurchase, reversePurchase } from '../../core/payments/purchase-settlement.ts';
import { createIsolatedDatabase } from '../support/isolated-resources.ts';
import { admitClaimedRun, chargeRun, releaseRun } from '../support/ledger-runs.ts';

/**
 * The credit ledger against a simple model of it, over real Postgres and the real code paths: grants, admissions
 * (lock, check, hold), captures and releases (also delivered twice, and after a crash's sweep), card purchases
 * (credited by the browser's confirmation and the webhook alike), refunds and disputes (partial, repeated, out of
 * order, before the purchase was credited) and account deletion. After every step: each balance is the sum of its
 * entries, 0 ≤ held ≤ balance, held is the sum of open holds, every hold ended at most once, and all of it matches
 * the model. `LEDGER_SEQUENCES` sets how many random sequences run (`npm run fuzz:ledger` runs 10,000).
 */

const SEQUENCES = Number(process.env.LEDGER_SEQUENCES ?? 500);
const SEED = process.env.LEDGER_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.LEDGER_SEED);
const ACCOUNTS = 3;

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
  | { kind: 'crash-and-sweep'; hold: number }
  | { kind: 'start-purchase'; account: number; credits: number; cents: number }
  | { kind: 'pay'; purchase: number; deliveries: number }
  | { kind: 'refund'; purchase: number; percent: number }
  | { kind: 'delete-account'; account: number };

const account = fc.nat(ACCOUNTS - 1);
const hold = fc.nat(20);
const purchase = fc.nat(3);
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('grant' as const), account, amount: fc.integer({ min: 1, max: 200 }), reason: fc.nat(4) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('admit' as const), account, amount: fc.integer({ min: 1, max: 60 }) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('capture' as const), hold }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('release' as const), hold }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('duplicate-delivery' as const), hold }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('crash-and-sweep' as const), hold }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('start-purchase' as const), account, credits: fc.integer({ min: 1, max: 500 }), cents: fc.integer({ min: 50, max: 5_000 }) }),
    weight: 2,
  },
  // The browser's confirmation and the webhook both credit: one, two or three deliveries of "it succeeded".
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), purchase, deliveries: fc.integer({ min: 1, max: 3 }) }), weight: 2 },
  // Stripe reports the refunded amount so far; deliveries may repeat or arrive out of order (a lower percentage).
  { arbitrary: fc.record({ kind: fc.constant('refund' as const), purchase, percent: fc.integer({ min: 1, max: 100 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('delete-account' as const), account }), weight: 1 },
);

/** What the ledger must say, computed the simple way. */
interface Model {
  balance: number[];
  held: number[];
  deleted: boolean[];
  holds: { runId: string; account: number; amount: number; status: 'held' | 'captured' | 'released' }[];
  purchases: { intentId: string; account: number; credits: number; cents: number; status: 'pending' | 'succeeded' | 'failed'; reversed: number; unrecovered: number }[];
  references: Set<string>;
}

interface Owner {
  userId: string;
  accountId: string;
}

async function createOwners(em: EntityManager): Promise<Owner[]> {
  const owners: Owner[] = [];
  for (let index = 0; index < ACCOUNTS; index += 1) {
    const user = em.create(User, { id: randomUUID(), name: 'Ledger owner', email: `ledger-${randomUUID()}@example.com`, emailVerified: true, passwordHash: 'x', tier: 'registered' });
    await em.flush();
    owners.push({ userId: user.id, accountId: (await ensureCreditAccount(em, { userId: user.id })).id });
  }
  return owners;
}

async function checkInvariants(owners: Owner[], model: Model): Promise<void> {
  const connection = orm.em.fork().getConnection();
  const accountIds = owners.map((owner) => owner.accountId);
  const accounts = await connection.execute<{ id: string; balance: string; held: string; entries: string | null; open: string | null; user_id: string | null; anonymised: boolean }[]>(
    `select a.id, a.balance, a.held, a.user_id, a.anonymised_at is not null as anonymised,
            (select sum(amount) from credit_entries e where e.account_id = a.id) as entries,
            (select sum(amount) from credit_holds h where h.account_id = a.id and h.status = 'held') as open
       from credit_accounts a where a.id in (?)`,
    [accountIds],
  );
  for (const row of accounts) {
    const index = accountIds.indexOf(row.id);
    // balance = sum of entries; held = sum of open holds; nothing negative, never more held than owned.
    expect(Number(row.balance)).toBe(Number(row.entries ?? 0));
    expect(Number(row.held)).toBe(Number(row.open ?? 0));
    expect(Number(row.held)).toBeGreaterThanOrEqual(0);
    expect(Number(row.held)).toBeLessThanOrEqual(Number(row.balance));
    expect({ balance: Number(row.balance), held: Number(row.held) }).toEqual({ balance: model.balance[index], held: model.held[index] });
    // A deleted person's account stays, anonymised, with its money trail; nothing of it stays on hold.
    expect({ anonymised: row.anonymised, linked: row.user_id !== null }).toEqual({ anonymised: model.deleted[index], linked: !model.deleted[index] });
  }
  expect(accounts).toHaveLength(ACCOUNTS);

  const runIds = model.holds.map((entry) => entry.runId);
  const holds = runIds.length === 0 ? [] : await connection.execute<{ run_id: string; status: string; resolved: boolean; charges: string }[]>(
    `select h.run_id, h.status, h.resolved_at is not null as resolved,
            (select count(*) from credit_entries e where e.reference = 'charge:' || h.run_id) as charges
       from credit_holds h where h.run_id in (?)`,
    [runIds],
  );
  const stored = new Map(holds.map((row) => [row.run_id, row]));
  expect(stored.size).toBe(model.holds.length);
  for (const expected of model.holds) {
    const row = stored.get(expected.runId)!;
    // Each hold ends at most once: captured ones carry exactly one charge, released ones (failures) none.
    expect({ status: row.status, resolved: row.resolved, charges: Number(row.charges) }).toEqual({
      status: expected.status,
      resolved: expected.status !== 'held',
      charges: expected.status === 'captured' ? 1 : 0,
    });
  }

  const intentIds = model.purchases.map((entry) => entry.intentId);
  const purchases = intentIds.length === 0 ? [] : await connection.execute<{ payment_intent_id: string; status: string; reversed_credits: number; unrecovered_credits: number; credited: string }[]>(
    `select p.payment_intent_id, p.status, p.reversed_credits, p.unrecovered_credits,
            (select count(*) from credit_entries e where e.reference = 'purchase:' || p.payment_intent_id) as credited
       from credit_purchases p where p.payment_intent_id in (?)`,
    [intentIds],
  );
  const storedPurchases = new Map(purchases.map((row) => [row.payment_intent_id, row]));
  for (const expected of model.purchases) {
    const row = storedPurchases.get(expected.intentId)!;
    // Credited at most once, and only a purchase that was paid before any refund reached us.
    expect({ status: row.status, credited: Number(row.credited), reversed: Number(row.reversed_credits), unrecovered: Number(row.unrecovered_credits) }).toEqual({
      status: expected.status,
      credited: expected.status === 'succeeded' ? 1 : 0,
      reversed: expected.reversed,
      unrecovered: expected.unrecovered,
    });
  }
}

/** Applies one step through the real code and to the model alike. */
async function apply(step: Operation, owners: Owner[], model: Model): Promise<void> {
  const inTransaction = <T>(work: (transaction: EntityManager) => Promise<T>) => orm.em.fork().transactional(work);
  const settle = async (holdIndex: number, action: 'capture' | 'release') => {
    const entry = model.holds[holdIndex];
    if (!entry) return;
    await (action === 'capture' ? chargeRun(orm.em.fork(), entry.runId) : releaseRun(orm.em.fork(), entry.runId));
    if (entry.status !== 'held') return;
    entry.status = action === 'capture' ? 'captured' : 'released';
    model.held[entry.account]! -= entry.amount;
    if (action === 'capture') model.balance[entry.account]! -= entry.amount;
  };

  switch (step.kind) {
    case 'grant': {
      // Grants come with a signed-in person; a deleted one gets none.
      if (model.deleted[step.account]) return;
      const reference = `grant:${owners[step.account]!.accountId}:${step.reason}`;
      const credited = await inTransaction((transaction) => creditOnce(transaction, owners[step.account]!.accountId, 'grant', step.amount, reference));
      expect(credited).toBe(!model.references.has(reference));
      if (credited) {
        model.references.add(reference);
        model.balance[step.account]! += step.amount;
      }
      return;
    }
    case 'admit': {
      if (model.deleted[step.account]) return;
      const runId = await admitClaimedRun(orm.em.fork(), owners[step.account]!.userId, step.amount);
      const admitted = runId !== undefined;
      expect(admitted).toBe(model.balance[step.account]! - model.held[step.account]! >= step.amount);
      if (runId !== undefined) {
        model.held[step.account]! += step.amount;
        model.holds.push({ runId, account: step.account, amount: step.amount, status: 'held' });
      }
      return;
    }
    case 'capture':
    case 'release':
      return settle(step.hold, step.kind);
    case 'duplicate-delivery':
      // At-least-once: the same settlement arrives twice.
      await settle(step.hold, 'capture');
      return settle(step.hold, 'capture');
    case 'crash-and-sweep':
      // The worker died mid-answer; the sweeper releases what it held. A late capture must then do nothing.
      await settle(step.hold, 'release');
      return settle(step.hold, 'capture');
    case 'start-purchase': {
      if (model.deleted[step.account]) return;
      const owner = owners[step.account]!;
      const intentId = `pi_${randomUUID().replaceAll('-', '')}`;
      await inTransaction(async (transaction) => {
        const pending = await recordPendingPurchase(transaction, { userId: owner.userId, accountId: owner.accountId, credits: step.credits, amountCents: step.cents, currency: 'usd', packageId: null });
        await attachPaymentIntent(transaction, pending.id, intentId);
      });
      model.purchases.push({ intentId, account: step.account, credits: step.credits, cents: step.cents, status: 'pending', reversed: 0, unrecovered: 0 });
      return;
    }
    case 'pay': {
      const entry = model.purchases[step.purchase];
      if (!entry) return;
      for (let delivery = 0; delivery < step.deliveries; delivery += 1) {
        const outcome = await inTransaction((transaction) => creditPurchase(transaction, entry.intentId));
        expect(outcome.outcome).toBe(entry.status === 'pending' ? 'credited' : entry.status === 'succeeded' ? 'already-credited' : 'voided');
        if (entry.status === 'pending') {
          entry.status = 'succeeded';
          model.balance[entry.account]! += entry.credits;
        }
      }
      return;
    }
    case 'refund': {
      const entry = model.purchases[step.purchase];
      if (!entry) return;
      const refundedCents = Math.max(1, Math.round((entry.cents * step.percent) / 100));
      const outcome = await inTransaction((transaction) => reversePurchase(transaction, entry.intentId, refundedCents));
      if (entry.status !== 'succeeded') {
        // Refunded before it was credited: never credited afterwards.
        expect(outcome).toEqual({ taken: 0, unrecovered: 0 });
        if (entry.status === 'pending') entry.status = 'failed';
        return;
      }
      const share = Math.min(1, refundedCents / entry.cents);
      const target = share >= 1 ? entry.credits : Math.floor(entry.credits * share);
      const owed = Math.max(0, target - entry.reversed);
      const spendable = model.balance[entry.account]! - model.held[entry.account]!;
      const taken = Math.min(owed, Math.max(0, spendable));
      expect(outcome).toEqual({ taken, unrecovered: owed - taken });
      if (owed > 0) {
        entry.reversed = target;
        entry.unrecovered += owed - taken;
        model.balance[entry.account]! -= taken;
      }
      return;
    }
    case 'delete-account': {
      if (model.deleted[step.account]) return;
      const owner = owners[step.account]!;
      // What `POST /api/auth?action=delete-account` does, in one transaction.
      await inTransaction(async (transaction) => {
        await anonymiseCreditAccount(transaction, owner.userId);
        await transaction.nativeDelete(User, { id: owner.userId });
      });
      model.deleted[step.account] = true;
      for (const entry of model.holds.filter((candidate) => candidate.account === step.account && candidate.status === 'held')) {
        entry.status = 'released';
        model.held[step.account]! -= entry.amount;
      }
      return;
    }
  }
}

describe('credit ledger properties', () => {
  it(`keeps every invariant through ${SEQUENCES} random sequences of grants, admissions, settlements, purchases, refunds and deletions`, async () => {
    const startedAt = performance.now();
    const counts = new Map<Operation['kind'], number>();
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 30, size: 'max' }), async (operations) => {
        const owners = await orm.em.fork().transactional((transaction) => createOwners(transaction));
        const model: Model = {
          balance: Array(ACCOUNTS).fill(0),
          held: Array(ACCOUNTS).fill(0),
          deleted: Array(ACCOUNTS).fill(false),
          holds: [],
          purchases: [],
          references: new Set(),
        };
        for (const step of operations) {
          await apply(step, owners, model);
          counts.set(step.kind, (counts.get(step.kind) ?? 0) + 1);
          await checkInvariants(owners, model);
        }
      }),
      { numRuns: SEQUENCES, seed: SEED },
    );
    console.info(
      `credit ledger: ${SEQUENCES} sequences (seed ${SEED}) in ${Math.round((performance.now() - startedAt) / 1000)} s; steps ${JSON.stringify(Object.fromEntries(counts))}`,
    );
  }, Math.max(120_000, SEQUENCES * 300));

  it('never credits a purchase whose refund arrived before its success (Stripe events out of order)', async () => {
    const [owner] = await orm.em.fork().transactional((transaction) => createOwners(transaction));
    const intentId = `pi_${randomUUID().replaceAll('-', '')}`;
    await orm.em.fork().transactional(async (transaction) => {
      const pending = await recordPendingPurchase(transaction, { userId: owner!.userId, accountId: owner!.accountId, credits: 500, amountCents: 1_000, currency: 'usd', packageId: null });
      await attachPaymentIntent(transaction, pending.id, intentId);
    });
    await orm.em.fork().transactional((transaction) => reversePurchase(transaction, intentId, 1_000));
    const outcome = await orm.em.fork().transactional((transaction) => creditPurchase(transaction, intentId));
    expect(outcome.outcome).toBe('voided');
    const [row] = await orm.em.fork().getConnection().execute<{ balance: string }[]>(`select balance from credit_accounts where id = ?`, [owner!.accountId]);
    expect(Number(row!.balance)).toBe(0);
  });

  it('refuses a balance below zero even from hand-written SQL', async () => {
    const em = orm.em.fork();
    const owned = await ensureCreditAccount(em, { guestKey: randomUUID() });
    await expect(em.getConnection().execute(`update credit_accounts set balance = -1 where id = ?`, [owned.id])).rejects.toThrow(/check constraint/);
    await expect(em.getConnection().execute(`update credit_accounts set held = 5 where id = ?`, [owned.id])).rejects.toThrow(/check constraint/);
  });
});
