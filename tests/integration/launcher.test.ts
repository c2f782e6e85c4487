import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startProviderSimulator, type RunningProviderSimulator } from '../../simulator/provider-simulator.ts';
import { createIsolatedDatabase, createIsolatedRedisPrefix } from '../support/isolated-resources.ts';
import { startQuorumProcess, type QuorumProcess, testProcessEnvironment } from '../support/quorum-processes.ts';
import { ANONYMOUS_SESSION_HEADER } from '../../server/plugins/app/client-identity.ts';
import { findFreePort } from '../support/free-port.ts';
import { GUEST_SEARCH_BODY, postSearchStream, readServerSentEvents } from '../support/search-stream-client.ts';

/**
 * `npm start` for real: the launcher as its own process, starting a real server and worker on a database and Redis
 * prefix of their own, against the provider simulator. Children are found through the pids the launcher logs, and
 * "nothing left behind" is checked by looking for any process that still carries this file's Redis prefix.
 */

interface LauncherEvent {
  msg: string;
  role?: 'server' | 'worker';
  index?: number;
  childPid?: number;
  code?: number | null;
  signal?: string | null;
  restartInMs?: number;
  hadBecomeReady?: boolean;
  exitCode?: number;
  runs?: number;
}

let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
let redis: Awaited<ReturnType<typeof createIsolatedRedisPrefix>>;
let simulator: RunningProviderSimulator;
let environment: Record<string, string>;
let launcher: QuorumProcess | undefined;

beforeAll(async () => {
  [database, redis, simulator] = await Promise.all([
    createIsolatedDatabase(),
    createIsolatedRedisPrefix(),
    startProviderSimulator({ defaultChunkDelayMs: 1, defaultChunkCount: 12 }),
  ]);
  environment = testProcessEnvironment(
    { databaseUrl: database.url, redisUrl: redis.redisUrl, keyPrefix: redis.keyPrefix, simulatorUrl: simulator.url },
    { RUN_LEASE_MS: '1500' },
  );
});

afterEach(async () => {
  // A failed test must not leave a Quorum running: the launcher first, then anything it left behind.
  await launcher?.kill('SIGKILL');
  launcher = undefined;
  for (const pid of ourProcesses()) killQuietly(pid);
});

afterAll(async () => {
  await simulator?.close();
  await Promise.all([database?.drop(), redis?.cleanup()]);
});

/** The launcher's own log lines, in order. Children print to the same stdout, so only `process: launcher` counts. */
function launcherEvents(output: string): LauncherEvent[] {
  const events: LauncherEvent[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const parsed = JSON.parse(line) as LauncherEvent & { process?: string };
      if (parsed.process === 'launcher') events.push(parsed);
    } catch {
      // A line cut where the output was read; it is whole by the next read.
    }
  }
  return events;
}

function startedPids(running: QuorumProcess, role: 'server' | 'worker'): number[] {
  return launcherEvents(running.output())
    .filter((event) => event.role === role && event.msg.endsWith('started') && typeof event.childPid === 'number')
    .map((event) => event.childPid!);
}

async function waitUntil<T>(what: string, running: QuorumProcess, check: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const value = check();
    if (value !== undefined) return value;
    if (running.child.exitCode !== null || running.child.signalCode !== null) break;
    await sleep(100);
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms. Output:\n${running.output().split('\n').slice(-40).join('\n')}`);
}

/**
 * A run's settlement as the ledger recorded it: its holds, its charge entries, and whether its account adds up
 * (nothing still held, balance equal to the sum of its entries: a hold released twice would break either).
 */
async function runLedger(runId: string): Promise<{ runStatus: string; creditsCharged: number; holds: string[]; charges: number; accountHeld: number; balanceMatchesEntries: boolean }> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const run = (await client.query<{ status: string; credits_charged: number }>('select status, credits_charged from model_runs where id = $1', [runId])).rows[0]!;
    const holds = (await client.query<{ account_id: string; status: string }>('select account_id, status from credit_holds where run_id = $1', [runId])).rows;
    const charges = Number((await client.query<{ count: string }>(`select count(*) from credit_entries where reference = $1`, [`charge:${runId}`])).rows[0]!.count);
    const account = (
      await client.query<{ held: string; balance: string; entries: string }>(
        'select held, balance, (select coalesce(sum(amount), 0) from credit_entries where account_id = a.id) as entries from credit_accounts a where id = $1',
        [holds[0]!.account_id],
      )
    ).rows[0]!;
    return {
      runStatus: run.status,
      creditsCharged: run.credits_charged,
      holds: holds.map((hold) => hold.status),
      charges,
      accountHeld: Number(account.held),
      balanceMatchesEntries: account.balance === account.entries,
    };
  } finally {
    await client.end();
  }
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Every live process whose environment carries this file's Redis prefix: the launcher and whatever it started. */
function ourProcesses(): number[] {
  if (!redis) return [];
  const marker = `REDIS_KEY_PREFIX=${redis.keyPrefix}`;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(marker)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
}

/** Starts the launcher and waits until the server answers /api/health and a worker is ready. */
async function startLauncher(overrides: Record<string, string> = {}): Promise<{ running: QuorumProcess; baseUrl: string }> {
  const running = startQuorumProcess('scripts/start-all.ts', { ...environment, ...overrides });
  launcher = running;
  const baseUrl = await waitUntil('the server listening', running, () => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(running.output())?.[1], 90_000);
  await running.waitForOutput('worker ready', 45_000);
  const deadline = performance.now() + 30_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
    if (response?.ok) return { running, baseUrl };
    if (performance.now() > deadline) throw new Error(`/api/health did not answer 200. Output:\n${running.output()}`);
    await sleep(200);
  }
}

describe('npm start', () => {
  it('restarts a worker killed outright mid-answer, tells the asker within 5 s, charges nothing, keeps answering, and stops cleanly on SIGTERM', { timeout: 120_000 }, async () => {
    // The default lease: a kill must be told well before it could lapse, because the launcher lets the dead worker's
    // runs go the moment it sees the worker die.
    const { running, baseUrl } = await startLauncher({ RUN_LEASE_MS: '10000' });
    const [firstWorker] = startedPids(running, 'worker');
    const [server] = startedPids(running, 'server');
    expect(firstWorker).toBeGreaterThan(0);
    expect(server).toBeGreaterThan(0);
    expect(isAlive(firstWorker!)).toBe(true);

    // Killed while it streams an answer: the asker hears a retryable error, and the hold is released once.
    let killedAt = 0;
    const interrupted = await postSearchStream(baseUrl, { ...GUEST_SEARCH_BODY, query: 'Killed mid-answer [[simulate chunks=200 chunk-ms=50]]' }, {
      onEvent: (event) => {
        if (event.event === 'chunk' && killedAt === 0) {
          killedAt = performance.now();
          process.kill(firstWorker!, 'SIGKILL');
        }
      },
    });
    expect({ status: interrupted.status, error: interrupted.envelope?.error }).toMatchObject({ status: 200 });
    const told = interrupted.events.at(-1)!;
    expect(told.event).toBe('error');
    expect(told.data).toMatchObject({ code: 'WORKER_LOST', retryable: true });
    const toldAfterMs = told.receivedAfterMs - interrupted.events.find((event) => event.event === 'chunk')!.receivedAfterMs;
    expect(toldAfterMs).toBeLessThanOrEqual(5_000);
    const ledger = await runLedger(String(told.data.runId));
    expect(ledger).toEqual({ runStatus: 'error', creditsCharged: 0, holds: ['released'], charges: 0, accountHeld: 0, balanceMatchesEntries: true });
    console.info(`launcher: worker killed mid-answer; the asker was told after ${Math.round(toldAfterMs)} ms (lease 10 s)`);
    expect(launcherEvents(running.output()).find((event) => event.childPid === firstWorker && event.msg === "worker 1's runs let go")).toMatchObject({ runs: 1 });

    const crash = await waitUntil('the crash being noticed', running, () =>
      launcherEvents(running.output()).find((event) => event.role === 'worker' && event.childPid === firstWorker && event.msg.includes('crashed')),
    );
    // It had said it was ready, so however soon it died it is back after the shortest wait.
    expect(crash).toMatchObject({ index: 1, code: null, signal: 'SIGKILL', hadBecomeReady: true, restartInMs: 1_000 });
    const secondWorker = await waitUntil('a new worker', running, () => startedPids(running, 'worker')[1]);
    expect(secondWorker).not.toBe(firstWorker);
    expect(isAlive(firstWorker!)).toBe(false);
    expect(isAlive(secondWorker)).toBe(true);
    // The server was left alone.
    expect(startedPids(running, 'server')).toEqual([server]);

    // The only worker now is the new one, so an answer proves it took over the queue.
    await waitUntil('the new worker ready', running, () => (occurrences(running.output(), '"worker ready"') >= 2 ? true : undefined));
    const answer = await postSearchStream(baseUrl, { ...GUEST_SEARCH_BODY, query: 'Still there after a crash? [[simulate chunks=5]]' });
    expect(answer.events.at(-1)?.event).toBe('end');
    expect(answer.events.filter((event) => event.event === 'chunk')).toHaveLength(5);

    // (tsx's esbuild helpers carry the environment too, which is why this is not an exact list.)
    expect(ourProcesses()).toEqual(expect.arrayContaining([running.child.pid, server, secondWorker]));
    expect(ourProcesses()).not.toContain(firstWorker);
    expect(await running.kill('SIGTERM')).toBe(0);
    // Not necessarily the last line: the launcher's log writes are flushed in a batch as it exits.
    expect(launcherEvents(running.output()).find((event) => event.msg === 'all stopped')).toMatchObject({ exitCode: 0 });
    expect(ourProcesses()).toEqual([]);
  });

  it('restarts a server killed outright while the workers keep answering: the answer in flight is stored and resumed whole', { timeout: 180_000 }, async () => {
    // A fixed port, so the restarted server is where the browser's retry goes.
    const port = await findFreePort();
    // No load shedding: on a busy machine the question itself could be refused before the test gets going.
    const { running, baseUrl } = await startLauncher({ PORT: String(port), LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0' });
    const [worker] = startedPids(running, 'worker');
    const [server] = startedPids(running, 'server');

    // The server dies while it streams an answer; the stream breaks.
    let killed = false;
    let lastSeq = 0;
    let requestId = '';
    let guestSession = '';
    const controller = new AbortController();
    await postSearchStream(baseUrl, { ...GUEST_SEARCH_BODY, query: 'Server killed mid-answer [[simulate chunks=80 chunk-ms=40]]' }, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.event === 'start') requestId = String(event.data.requestId);
        if (event.event === 'chunk') lastSeq = Number(event.id);
        if (event.event === 'chunk' && !killed) {
          killed = true;
          process.kill(server!, 'SIGKILL');
        }
      },
      // A guest is known again by the anonymous session id the server handed out with its first answer.
      onResponse: (response) => {
        guestSession = response.headers.get(ANONYMOUS_SESSION_HEADER) ?? '';
      },
    }).catch(() => undefined);
    expect(killed).toBe(true);

    const crash = await waitUntil('the server crash being noticed', running, () =>
      launcherEvents(running.output()).find((event) => event.role === 'server' && event.childPid === server && event.msg.includes('crashed')),
    );
    expect(crash).toMatchObject({ code: null, signal: 'SIGKILL', restartInMs: 1_000 });
    const restarted = await waitUntil('a new server', running, () => startedPids(running, 'server')[1]);
    expect(restarted).not.toBe(server);
    await waitUntil('the new server answering', running, () => (occurrences(running.output(), 'Server listening at') >= 2 ? true : undefined), 90_000);

    // The worker was never stopped, and finished the answer meanwhile: resuming from the last event gives the rest.
    expect(startedPids(running, 'worker')).toEqual([worker]);
    expect(isAlive(worker!)).toBe(true);
    // The browser retries while the new server still says 503 (starting up, shedding load on a busy machine).
    let resumed: Response | undefined;
    const resumeDeadline = performance.now() + 60_000;
    do {
      if (resumed) await sleep(500);
      resumed = await fetch(`${baseUrl}/api/requests/${requestId}/events`, { headers: { 'last-event-id': String(lastSeq), [ANONYMOUS_SESSION_HEADER]: guestSession }, signal: AbortSignal.timeout(30_000) });
    } while (resumed.status === 503 && performance.now() < resumeDeadline);
    expect(resumed.status).toBe(200);
    const rest = await readServerSentEvents(resumed);
    expect(rest.at(-1)).toMatchObject({ event: 'end' });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const [run] = (await client.query<{ id: string; status: string; answer_text: string }>('select id, status, answer_text from model_runs where request_id = $1', [requestId])).rows;
    await client.end();
    expect(run).toMatchObject({ status: 'completed' });
    expect(rest.at(-1)!.data.response).toBe(run!.answer_text);
    expect(await runLedger(run!.id)).toMatchObject({ runStatus: 'completed', holds: ['captured'], charges: 1, accountHeld: 0, balanceMatchesEntries: true });

    expect(await running.kill('SIGTERM')).toBe(0);
    expect(ourProcesses()).toEqual([]);
  });

  // Five starts of a server (each loading the whole app before it fails) and 15 s of backoff between them.
  it('gives up with a non-zero exit when the server keeps crashing at start', { timeout: 300_000 }, async () => {
    // Something else holds the port: every server start fails at once.
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const running = startQuorumProcess('scripts/start-all.ts', { ...environment, PORT: String(port) });
      launcher = running;
      const exited = new Promise<number | null>((resolve) => running.child.once('exit', (code) => resolve(code)));
      const code = await exited;
      expect(code).not.toBe(0);
      const events = launcherEvents(running.output());
      expect(events.filter((event) => event.role === 'server' && event.msg.endsWith('started'))).toHaveLength(5);
      expect(events.map((event) => event.msg)).toEqual(expect.arrayContaining(['server keeps crashing; stopping everything', 'worker 1 stopped', 'all stopped']));
      expect(ourProcesses()).toEqual([]);
    } finally {
      blocker.close();
    }
  });
});
