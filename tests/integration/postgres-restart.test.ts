import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/config.ts';
import { openDatabase } from '../../core/database/open-database.ts';
import { startProviderSimulator, type RunningProviderSimulator } from '../../simulator/provider-simulator.ts';
import { createFundedUser } from '../support/funded-user.ts';
import { createIsolatedRedisPrefix } from '../support/isolated-resources.ts';
import { startOwnPostgres, type OwnPostgres } from '../support/own-postgres.ts';
import { startQuorumProcess, type QuorumProcess, testProcessEnvironment } from '../support/quorum-processes.ts';
import { answerText, postSearchStream, type ReceivedEvent, SEARCH_BODY, type SearchStreamResult } from '../support/search-stream-client.ts';

/**
 * Postgres itself restarts (a clean `pg_ctl stop -m fast` and start, and a crash-like `restart -m immediate`) while
 * an answer streams, under a real server and worker process pointed at a Postgres of the test's own. While it is
 * away everything that needs it says 503 in the envelope at once; the open answer still ends whole, is stored once
 * and charged once; and afterwards the very same processes, never restarted, answer the next question.
 */

const UNAVAILABLE = {
  success: false,
  data: null,
  error: { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable. Please try again later.' },
};

let postgres: OwnPostgres;
let redis: Awaited<ReturnType<typeof createIsolatedRedisPrefix>>;
let simulator: RunningProviderSimulator;
let databaseUrl: string;
let worker: QuorumProcess;
let server: QuorumProcess;
let baseUrl: string;
let cookie: string;
let pids: { server: number; worker: number };

/** One query on a connection of its own: a pool would hold connections the restart breaks. */
async function query<Row>(sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  [postgres, redis, simulator] = await Promise.all([
    startOwnPostgres(),
    createIsolatedRedisPrefix(),
    startProviderSimulator({ defaultChunkDelayMs: 1, defaultChunkCount: 12 }),
  ]);
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query('create database quorum_restart');
  await admin.end();
  databaseUrl = postgres.adminUrl.replace(/\/postgres$/, '/quorum_restart');

  const environment = testProcessEnvironment(
    { databaseUrl, redisUrl: redis.redisUrl, keyPrefix: redis.keyPrefix, simulatorUrl: simulator.url },
    { RUN_LEASE_MS: '1500' },
  );
  // The worker first: it applies the migrations.
  worker = startQuorumProcess('worker/main.ts', environment);
  await worker.waitForOutput('worker ready', 60_000);
  const setup = await openDatabase({ databaseUrl, logger: pino({ level: 'silent' }), poolSize: 1 });
  cookie = await createFundedUser(setup.em.fork(), loadConfig(environment));
  await setup.close();
  server = startQuorumProcess('server/main.ts', environment);
  await server.waitForOutput('Server listening at', 60_000);
  baseUrl = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())![1]!;
  pids = { server: server.child.pid!, worker: worker.child.pid! };
}, 120_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  await worker?.kill('SIGKILL');
  await simulator?.close();
  await redis?.cleanup();
  await postgres?.destroy();
});

const ask = (query: string, onEvent?: (event: ReceivedEvent) => void) =>
  postSearchStream(baseUrl, { ...SEARCH_BODY, query }, { headers: { cookie }, onEvent, signal: AbortSignal.timeout(60_000) });

async function healthStatus(): Promise<number> {
  const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
  await response.body?.cancel();
  return response.status;
}

async function getEnvelope(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie }, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.json() };
}

async function waitUntil(probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The whole ledger of this database: every account's balance is the sum of its entries, nothing is left on hold. */
async function expectLedgerSettled(): Promise<void> {
  const accounts = await query<{ balance: string; held: string; entries: string | null; open: string | null }>(
    `select a.balance, a.held,
            (select sum(amount) from credit_entries e where e.account_id = a.id) as entries,
            (select sum(amount) from credit_holds h where h.account_id = a.id and h.status = 'held') as open
       from credit_accounts a`,
  );
  expect(accounts.length).toBeGreaterThan(0);
  for (const account of accounts) {
    expect(Number(account.balance)).toBe(Number(account.entries ?? 0));
    expect(Number(account.held)).toBe(0);
    expect(account.open).toBeNull();
  }
}

/** The answer in `result` was stored whole, once, and charged once. */
async function expectStoredAndChargedOnce(result: SearchStreamResult): Promise<void> {
  expect(result.events.at(-1)?.event, JSON.stringify(result.events.at(-1)?.data)).toBe('end');
  const requestId = String(result.events[0]!.data.requestId);
  const runs = await query<{ id: string; status: string; answer_text: string; credits_charged: number }>(
    `select id, status, answer_text, credits_charged from model_runs where request_id = $1`,
    [requestId],
  );
  expect(runs).toHaveLength(1);
  const [run] = runs;
  expect(run!.status).toBe('completed');
  expect(run!.answer_text).toBe(answerText(result.events));
  expect(Number(run!.credits_charged)).toBeGreaterThan(0);
  const holds = await query<{ status: string }>(`select status from credit_holds where run_id = $1`, [run!.id]);
  expect(holds.map((hold) => hold.status)).toEqual(['captured']);
  const charges = await query<{ amount: string }>(`select amount from credit_entries where reference = $1`, [`charge:${run!.id}`]);
  expect(charges.map((charge) => -Number(charge.amount))).toEqual([Number(run!.credits_charged)]);
}

/** Neither process was restarted: both still run under the pids they started with, and each started once. */
function expectSameProcesses(): void {
  expect(server.child.pid).toBe(pids.server);
  expect(worker.child.pid).toBe(pids.worker);
  for (const process of [server, worker]) {
    expect(process.child.exitCode).toBeNull();
    expect(process.child.signalCode).toBeNull();
  }
  expect(server.output().split('Server listening at').length - 1).toBe(1);
  expect(worker.output().split('worker ready').length - 1).toBe(1);
}

describe('when Postgres restarts under a running server and worker', () => {
  it('answers 503 while it is down, finishes the open answer once, and carries on with the same processes', { timeout: 120_000 }, async () => {
    expect(await healthStatus()).toBe(200);
    const requestsBefore = Number((await query<{ count: string }>('select count(*) from search_requests'))[0]!.count);

    const outage = { stoppedAt: 0, startingAt: 0, backAt: 0, healthGreenAt: 0, answerEndedAt: 0 };
    const during: { health?: number; question?: SearchStreamResult; credits?: { status: number; body: unknown }; history?: { status: number; body: unknown } } = {};
    let outageDone: Promise<void> | undefined;
    const restartPostgres = async () => {
      await postgres.stop('fast');
      outage.stoppedAt = performance.now();
      // What people see meanwhile: each of these must answer (not hang) with the 503 envelope.
      during.health = await healthStatus();
      during.question = await ask('Asked while the database restarts [[simulate chunks=3]]');
      during.credits = await getEnvelope('/api/credits');
      during.history = await getEnvelope('/api/user-requests');
      const waited = performance.now() - outage.stoppedAt;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 2_000 - waited)));
      // Postgres accepts connections somewhere inside `pg_ctl start -w`: before it returns, after it began.
      outage.startingAt = performance.now();
      await postgres.start();
      outage.backAt = performance.now();
      await waitUntil(async () => (await healthStatus()) === 200);
      outage.healthGreenAt = performance.now();
    };

    const open = await ask('An answer through a Postgres restart [[simulate chunks=40 chunk-ms=50]]', (event) => {
      if (event.event === 'chunk' && outageDone === undefined) outageDone = restartPostgres();
      if (event.event === 'end') outage.answerEndedAt = performance.now();
    });
    await outageDone;

    expect(during.health).toBe(503);
    expect(during.question?.status).toBe(503);
    expect(during.question?.envelope).toEqual(UNAVAILABLE);
    expect(during.credits).toEqual({ status: 503, body: UNAVAILABLE });
    expect(during.history).toEqual({ status: 503, body: UNAVAILABLE });

    // The open answer: ended whole, stored once, charged once; the refused question left no rows behind.
    await expectStoredAndChargedOnce(open);
    // Held by the worker while Postgres was down: stored only once it was starting again.
    expect(outage.answerEndedAt).toBeGreaterThan(outage.startingAt);
    const requestsAfter = Number((await query<{ count: string }>('select count(*) from search_requests'))[0]!.count);
    expect(requestsAfter - requestsBefore).toBe(1);
    expect(Number((await query<{ count: string }>(`select count(*) from model_runs where status in ('queued', 'running')`))[0]!.count)).toBe(0);
    await expectLedgerSettled();

    // The same processes, never restarted, answer the next question end to end.
    const next = await ask('The next question after the restart [[simulate chunks=8]]');
    await expectStoredAndChargedOnce(next);
    expectSameProcesses();
    await expectLedgerSettled();

    console.info(
      `postgres stop -m fast, down ${Math.round(outage.startingAt - outage.stoppedAt)} ms, then pg_ctl start (${Math.round(outage.backAt - outage.startingAt)} ms): ` +
        `health green ${Math.round(outage.healthGreenAt - outage.startingAt)} ms and the open answer stored and ended ` +
        `${Math.round(outage.answerEndedAt - outage.startingAt)} ms after the start began`,
    );
  });

  it('survives a crash-like restart (-m immediate) mid-answer the same way', { timeout: 120_000 }, async () => {
    const timings = { crashedAt: 0, restartedAt: 0, healthGreenAt: 0, answerEndedAt: 0 };
    let crashDone: Promise<void> | undefined;
    let chunks = 0;
    const open = await ask('An answer through a Postgres crash [[simulate chunks=40 chunk-ms=50]]', (event) => {
      // Near the end of the answer, so the worker comes to store it while Postgres is recovering from the crash.
      if (event.event === 'chunk' && (chunks += 1) === 38) {
        crashDone = (async () => {
          timings.crashedAt = performance.now();
          await postgres.restart('immediate');
          timings.restartedAt = performance.now();
          await waitUntil(async () => (await healthStatus()) === 200);
          timings.healthGreenAt = performance.now();
        })();
      }
      if (event.event === 'end') timings.answerEndedAt = performance.now();
    });
    await crashDone;

    await expectStoredAndChargedOnce(open);
    expect(Number((await query<{ count: string }>(`select count(*) from model_runs where status in ('queued', 'running')`))[0]!.count)).toBe(0);
    await expectLedgerSettled();
    const next = await ask('The next question after the crash [[simulate chunks=8]]');
    await expectStoredAndChargedOnce(next);
    expectSameProcesses();
    await expectLedgerSettled();
    console.info(
      `postgres restart -m immediate (pg_ctl took ${Math.round(timings.restartedAt - timings.crashedAt)} ms): health green ` +
        `${Math.round(timings.healthGreenAt - timings.restartedAt)} ms after it returned; the open answer stored and ended ` +
        `${Math.round(timings.answerEndedAt - timings.crashedAt)} ms after the crash began`,
    );
  });
});
