/**
 * `npm run chaos [-- --n 3] [-- --json]`: the fault suite, repeatable. It starts a stack of its own — a Redis and a
 * Postgres on free ports, the provider simulator, `npm start -- --workers 2` and a second server on the same Redis
 * and Postgres — and runs the probes against it: Redis kills and clean shutdowns with streams open on both servers,
 * worker kills, Postgres fast and immediate stops, a server kill with the answer resumed on the other server, and
 * paused resumes. One figure per probe, then (with --json) one JSON line with every figure. Sizes: `--n` sets the
 * rest (N Redis crashes and N clean shutdowns, N worker kills); `--redis-restarts`, `--worker-kills` and `--paused`
 * (readers per paused-resume probe, 20 by default) set one each. `--log FILE` keeps the processes' own output.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import net from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { Redis } from 'ioredis';
import pino from 'pino';
import { queuePlacements } from '../core/jobs/index.ts';
import { loadConfig } from '../core/config/index.ts';
import { openDatabase } from '../core/database/index.ts';
import { runLeaseKey } from '../core/events/index.ts';
import { pidOfRunLeaseOwner } from '../core/runs/index.ts';
import { startProviderSimulator } from '../simulator/provider-simulator.ts';
import { providerEnvironment, simulatorBaseUrls } from '../simulator/simulator-base-urls.ts';
import { findFreePort } from '../tests/support/free-port.ts';
import { sampleValue } from '../tests/support/prometheus-text.ts';
import { createPayer } from '../tests/support/funded-user.ts';
import { startOwnPostgres } from '../tests/support/own-postgres.ts';
import { startOwnRedis } from '../tests/support/own-redis.ts';
import { startQuorumProcess } from '../tests/support/quorum-processes.ts';
import { postSearchStream, readServerSentEvents, SEARCH_BODY, type ReceivedEvent } from '../tests/support/search-stream-client.ts';
import { percentile } from './percentiles.ts';

const argument = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
};
const N = Number(argument('n') ?? process.env.CHAOS_N ?? 3);
/** Each size has its own flag; by default N crashes and N clean shutdowns of Redis, and N worker kills. */
const REDIS_RESTARTS = Number(argument('redis-restarts') ?? N * 2);
const KILLS = Number(argument('worker-kills') ?? N);
const PAUSED = Number(argument('paused') ?? process.env.CHAOS_PAUSED_RESUMES ?? 20);
const JSON_OUTPUT = process.argv.includes('--json');
const say = (line: string) => console.log(line);

const [redis, postgres, simulator] = await Promise.all([startOwnRedis(), startOwnPostgres(), startProviderSimulator({ defaultChunkDelayMs: 1, defaultChunkCount: 12 })]);
const databaseUrl = postgres.adminUrl.replace(/\/postgres$/, '/quorum_chaos');
const [portA, portB] = [await findFreePort(), await findFreePort()];
const environment: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redis.url,
  REDIS_KEY_PREFIX: 'chaos',
  DEMO_MODE: 'off',
    // Keys turn the brand judge on by default; off, so the figures measure Quorum itself and stay comparable.
    BRAND_JUDGE_MODEL: 'off',
  ...providerEnvironment(simulatorBaseUrls(simulator.url), 'test-key'),
  PROVIDER_MAX_RETRIES: '0',
  SHUTDOWN_GRACE_MS: '2000',
  RUN_LEASE_MS: '3000',
  DATABASE_POOL_SIZE: '6',
  ASK_RATE_LIMIT_PER_MINUTE: '100000',
  ASK_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
  LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
};
const launcher = startQuorumProcess('scripts/start-all.ts', { ...environment, PORT: String(portA) }, ['--workers', '2']);
await launcher.waitForOutput('Server listening at', 180_000);
// The second server lifts the open-stream caps, so the paused-resume probe measures memory with every reader held.
const second = startQuorumProcess('server/main.ts', { ...environment, PORT: String(portB), OPEN_STREAMS_PER_PERSON: '100000', OPEN_STREAMS_PER_IP: '100000' });
await second.waitForOutput('Server listening at', 180_000);
const [urlA, urlB] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
const orm = await openDatabase({ databaseUrl, logger: pino({ level: 'silent' }), poolSize: 2, prepare: false });
const payer = await createPayer(orm.em.fork(), loadConfig(environment), 1_000_000);
const inspector = new Redis(redis.url);
// It goes down with Redis on purpose; ioredis reconnects by itself.
inspector.on('error', () => undefined);
const headers = { cookie: payer.cookie };

/**
 * A clean Redis shutdown, sent once on a connection of its own: Redis closes the connection instead of answering, and
 * a reconnecting client would send the command again (or hold it for a Redis that is not coming back by itself).
 */
async function shutDownRedis(): Promise<void> {
  const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.shutdown('NOSAVE');
  } catch {
    // The connection closing is the expected answer.
  } finally {
    client.disconnect();
  }
}

async function waitHealthy(url: string, timeoutMs = 60_000): Promise<number> {
  const startedAt = performance.now();
  while (performance.now() - startedAt < timeoutMs) {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
    if (response?.status === 200) return performance.now() - startedAt;
    await sleep(50);
  }
  throw new Error(`${url} not healthy`);
}

async function storedRun(runId: string): Promise<{ status: string; error_code: string | null; answer_text: string | null }> {
  const rows = await orm.em.fork().getConnection().execute<{ status: string; error_code: string | null; answer_text: string | null }[]>(
    'select status, error_code, answer_text from model_runs where id = ?',
    [runId],
  );
  return rows[0]!;
}

async function settled(runId: string): Promise<{ status: string; error_code: string | null; answer_text: string | null }> {
  for (;;) {
    const run = await storedRun(runId);
    if (run.status !== 'queued' && run.status !== 'running') return run;
    await sleep(100);
  }
}

const streamText = (events: ReceivedEvent[]) => events.filter((event) => event.event === 'chunk').map((event) => String(event.data.content)).join('');
const workerPids = () =>
  launcher
    .output()
    .split('\n')
    .filter((line) => line.includes('"process":"launcher"') && line.includes('"role":"worker"') && line.includes('started'))
    .map((line) => (JSON.parse(line) as { childPid: number }).childPid);

/** Workers alive that have said "worker ready" (pino writes each line with the process's own pid). */
function readyWorkers(): number[] {
  const ready = new Set<number>();
  for (const line of launcher.output().split('\n')) {
    if (!line.includes('"msg":"worker ready"')) continue;
    try {
      ready.add((JSON.parse(line) as { pid: number }).pid);
    } catch {
      // A line still being written.
    }
  }
  return workerPids().filter((pid) => ready.has(pid) && isAlive(pid));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForReadyWorkers(count: number, timeoutMs = 90_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (readyWorkers().length < count) {
    if (performance.now() > deadline) throw new Error(`fewer than ${count} workers ready after ${timeoutMs} ms`);
    await sleep(50);
  }
}

// Redis killed (crash) and shut down cleanly, with a stream open on each server.
const redisProbeStartedAt = performance.now();
let redisRestarts = 0;
let liveRunsLost = 0;
let streamsDifferent = 0;
let streamsWithChunkGaps = 0;
for (let round = 0; round < REDIS_RESTARTS; round += 1) {
  await Promise.all([waitHealthy(urlA), waitHealthy(urlB)]);
  let restarting: Promise<void> | undefined;
  const restart = () => {
    restarting ??= (async () => {
      if (round % 2 === 0) await redis.crash();
      else await shutDownRedis();
      await sleep(300);
      await redis.start().catch(async () => {
        await redis.crash();
        await redis.start();
      });
    })();
  };
  const results = await Promise.all(
    [urlA, urlB].map((url, index) =>
      postSearchStream(url, { ...SEARCH_BODY, query: `Redis round ${round} ${index} [[simulate chunks=60 chunk-ms=40]]` }, {
        headers,
        onEvent: (event) => {
          if (index === 0 && event.event === 'chunk' && Number(event.id) > 0 && !restarting) restart();
        },
      }),
    ),
  );
  await restarting;
  redisRestarts += 1;
  for (const result of results) {
    const runId = String(result.events[0]?.data.runId ?? '');
    if (!runId) continue;
    const run = await settled(runId);
    if (run.error_code === 'WORKER_LOST') liveRunsLost += 1;
    const last = result.events.at(-1);
    if (last?.event !== 'end' || run.status !== 'completed') continue;
    // What the reader is left with is the end event's whole stored text; chunks written in the instant of the crash
    // may be missing from the live stream before it, which is counted apart.
    if (last.data.response !== run.answer_text) streamsDifferent += 1;
    if (streamText(result.events) !== run.answer_text) streamsWithChunkGaps += 1;
  }
}
say(`redis restarts: ${redisRestarts} in ${Math.round((performance.now() - redisProbeStartedAt) / 1000)} s, live runs lost: ${liveRunsLost}, streams ending unlike the stored answer: ${streamsDifferent}, with chunks missing before their end: ${streamsWithChunkGaps}`);

// Worker kill -9 mid-answer: how soon the asker is told, never charged, the next question served at once (by the
// worker still running, not one waiting on the restarted worker).
await Promise.all([waitHealthy(urlA), waitHealthy(urlB)]);
const told: number[] = [];
const nextFirstToken: number[] = [];
let workerKills = 0;
let chargedAfterKill = 0;
let nextServedByRestarted = 0;
const leaseOwnerPid = async (runId: string) => pidOfRunLeaseOwner(await inspector.get(runLeaseKey('chaos', runId)));
const replacementReadyMs: number[] = [];
for (let round = 0; round < KILLS; round += 1) {
  // Both workers up before each kill: the question is whether the one left idle takes the next question.
  await waitForReadyWorkers(2);
  let killedAt = 0;
  let killedAfterMs = 0;
  let killedPid = 0;
  const workersBeforeKill = workerPids();
  const result = await postSearchStream(urlA, { ...SEARCH_BODY, query: `Worker kill ${round} [[simulate chunks=200 chunk-ms=50]]` }, {
    headers,
    onEvent: async (event) => {
      if (event.event !== 'chunk' || killedAfterMs) return;
      killedAfterMs = event.receivedAfterMs;
      killedPid = await leaseOwnerPid(String(event.data.runId));
      killedAt = performance.now();
      if (killedPid > 0) process.kill(killedPid, 'SIGKILL');
    },
  });
  const last = result.events.at(-1)!;
  if (last.event === 'error') told.push(last.receivedAfterMs - killedAfterMs);
  workerKills += 1;
  const runId = String(result.events[0]!.data.runId);
  const run = await settled(runId);
  if (run.status !== 'completed' && (await orm.em.fork().getConnection().execute<{ count: string }[]>('select count(*) from credit_entries where reference = ?', [`charge:${runId}`]))[0]!.count !== '0') chargedAfterKill += 1;
  // Asked at once, while the killed worker's replacement may still be starting: the other worker must take it.
  let servedBy = 0;
  const next = await postSearchStream(urlA, { ...SEARCH_BODY, query: `Next after kill ${round} [[simulate chunks=20 chunk-ms=20]]` }, {
    headers,
    onEvent: async (event) => {
      if (event.event === 'chunk' && servedBy === 0) servedBy = await leaseOwnerPid(String(event.data.runId));
    },
  });
  const firstChunk = next.events.find((event) => event.event === 'chunk');
  if (firstChunk) nextFirstToken.push(firstChunk.receivedAfterMs);
  // Where the wait was: admitting the question, a worker taking its job, or the answer's start.
  const nextRunId = String(next.events[0]?.data.runId ?? '');
  // The job's hash, in the one answer partition the chaos run uses (ANSWER_QUEUE_PARTITIONS is left at 1).
  const [partition] = queuePlacements('answers', 'chaos', 1);
  const [queuedAt, takenAt] = (await inspector.hmget(`${partition!.prefix}:${partition!.name}:${nextRunId}`, 'timestamp', 'processedOn')).map(Number);
  const startEvent = next.events.find((event) => event.event === 'start');
  if (workerPids().filter((pid) => !workersBeforeKill.includes(pid)).includes(servedBy)) nextServedByRestarted += 1;
  say(`  kill ${round + 1}: told after ${last.event === 'error' ? Math.round(last.receivedAfterMs - killedAfterMs) : 'never'} ms; next question's first token after ${firstChunk ? Math.round(firstChunk.receivedAfterMs) : 'never'} ms (admitted after ${Math.round(startEvent?.receivedAfterMs ?? -1)} ms, its job taken ${takenAt! - queuedAt!} ms after it was queued, by ${servedBy === 0 ? 'an unknown worker' : workersBeforeKill.includes(servedBy) ? 'the worker left running' : 'the restarted worker'})`);
  await waitForReadyWorkers(2);
  replacementReadyMs.push(performance.now() - killedAt);
  say(`  kill ${round + 1}: the launcher's replacement worker ready ${Math.round(replacementReadyMs.at(-1)!)} ms after the kill`);
}
const toldP50Ms = Math.round(percentile(told, 50));
const toldMaxMs = Math.round(Math.max(0, ...told));
const nextFirstTokenP50Ms = Math.round(percentile(nextFirstToken, 50));
const nextFirstTokenMaxMs = Math.round(Math.max(0, ...nextFirstToken));
say(
  `worker kills: ${workerKills}, told p50 ${toldP50Ms} ms, max ${toldMaxMs} ms (${workerKills - told.length} never told), charged ${chargedAfterKill}, ` +
    `next question's first token p50 ${nextFirstTokenP50Ms} ms, max ${nextFirstTokenMaxMs} ms (${nextServedByRestarted} served by the restarted worker)`,
);

// Postgres fast and immediate stops: health red, then green and answering again.
const postgresRecoveryMs: number[] = [];
for (const mode of ['fast', 'immediate'] as const) {
  await postgres.stop(mode);
  await sleep(500);
  await postgres.start();
  postgresRecoveryMs.push(Math.round(await waitHealthy(urlA)));
}
say(`postgres stops (fast, immediate): healthy again after ${postgresRecoveryMs.join(', ')} ms`);

// A server killed mid-answer under npm start: the answer is resumed whole on the other server.
const serverPid = launcher
  .output()
  .split('\n')
  .filter((line) => line.includes('"process":"launcher"') && line.includes('"role":"server"') && line.includes('started'))
  .map((line) => (JSON.parse(line) as { childPid: number }).childPid)
  .at(-1)!;
let lastSeq = 0;
let requestId = '';
let answersLostOnServerKill = 0;
await postSearchStream(urlA, { ...SEARCH_BODY, query: 'Server kill [[simulate chunks=60 chunk-ms=40]]' }, {
  headers,
  onEvent: (event) => {
    if (event.event === 'start') requestId = String(event.data.requestId);
    if (event.event === 'chunk') {
      if (lastSeq === 0) process.kill(serverPid, 'SIGKILL');
      lastSeq = Number(event.id);
    }
  },
}).catch(() => undefined);
const resumed = await readServerSentEvents(await fetch(`${urlB}/api/requests/${requestId}/events`, { headers: { ...headers, 'last-event-id': String(lastSeq) } }));
const [serverKilledRun] = await orm.em.fork().getConnection().execute<{ id: string }[]>('select id from model_runs where request_id = ?', [requestId]);
const killedRun = await settled(serverKilledRun!.id);
if (killedRun.status !== 'completed' || resumed.at(-1)?.event !== 'end' || resumed.at(-1)!.data.response !== killedRun.answer_text) answersLostOnServerKill += 1;
const serverKills = 1;
say(`server kills: ${serverKills}, answers lost: ${answersLostOnServerKill}`);

// Paused resumes: many readers of one long answer, still being written, that never read. Twice: on the launcher's
// server at the product's caps (OPEN_STREAMS_PER_PERSON, OPEN_STREAMS_PER_IP), where one person on one address is
// refused past them; and on the second server with the caps lifted (as if every reader were someone else), where all
// are held while the answer goes on and the memory each costs is measured.
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Starts a long answer (a minute of chunks) on the second server and resolves with its request id once it streams. */
async function startLongAnswer(label: string): Promise<{ requestId: string; stop: () => void }> {
  const asker = new AbortController();
  let requestId = '';
  const streaming = new Promise<string>((resolve, reject) => {
    postSearchStream(urlB, { ...SEARCH_BODY, query: `Long answer to resume, ${label} [[simulate chunks=5000 chunk-ms=12]]` }, {
      headers,
      signal: asker.signal,
      onEvent: (event) => {
        if (event.event === 'start') requestId = String(event.data.requestId);
        if (event.event === 'chunk') resolve(requestId);
      },
    }).then(
      (result) => reject(new Error(`the long answer ended before its first chunk: ${JSON.stringify(result.events.at(-1) ?? result.envelope)}`)),
      (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    );
  });
  return { requestId: await streaming, stop: () => asker.abort() };
}

/** Streams the server relays right now, from its own metrics. */
async function openStreams(url: string): Promise<number> {
  const response = await fetch(`${url}/metrics`);
  const text = await response.text();
  const open = sampleValue(text, 'quorum_open_streams');
  if (open === undefined) say(`  ${url}/metrics answered ${response.status} without open_streams: ${text.slice(0, 200)}`);
  return Number(open ?? Number.NaN);
}

async function holdPausedResumes(port: number, pid: number): Promise<{ accepted: number; refused: number; unanswered: number; open: number; grewMb: number }> {
  const long = await startLongAnswer(`port ${port}`);
  const longRequestId = long.requestId;
  await sleep(500);
  const before = rssMb(pid);
  // The asker's own stream (on the second server) is not a paused reader.
  const openBefore = await openStreams(`http://127.0.0.1:${port}`);
  const sockets: net.Socket[] = [];
  const outcome = { accepted: 0, refused: 0, unanswered: 0, open: 0, grewMb: 0 };
  for (let index = 0; index < PAUSED; index += 1) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(`GET /api/requests/${longRequestId}/events?after=0 HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${payer.cookie}\r\n\r\n`);
    socket.once('data', (chunk) => {
      if (chunk.toString().startsWith('HTTP/1.1 200')) outcome.accepted += 1;
      else outcome.refused += 1;
      socket.pause();
    });
    sockets.push(socket);
  }
  // Every reader is answered (held or refused) before the memory is read; a few may wait on a busy server.
  const deadline = performance.now() + 20_000;
  while (outcome.accepted + outcome.refused < PAUSED && performance.now() < deadline) await sleep(100);
  await sleep(1_000);
  outcome.grewMb = rssMb(pid) - before;
  outcome.open = (await openStreams(`http://127.0.0.1:${port}`)) - openBefore;
  outcome.unanswered = PAUSED - outcome.accepted - outcome.refused;
  for (const socket of sockets) socket.destroy();
  long.stop();
  await sleep(1_000);
  return outcome;
}

const launcherServerPid = launcher
  .output()
  .split('\n')
  .filter((line) => line.includes('"process":"launcher"') && line.includes('"role":"server"') && line.includes('started'))
  .map((line) => (JSON.parse(line) as { childPid: number }).childPid)
  .at(-1)!;
await waitHealthy(urlA);
const atCaps = await holdPausedResumes(portA, launcherServerPid);
const uncapped = await holdPausedResumes(portB, second.child.pid!);
const pausedResumes = PAUSED;
const pausedRefused = atCaps.refused;
const pausedAcceptedAtCaps = atCaps.accepted;
const pausedAccepted = uncapped.accepted;
const pausedServerGrewMb = Math.round(uncapped.grewMb);
const pausedOpenAtCaps = atCaps.open;
const pausedOpen = uncapped.open;
// Per stream still open when the memory was read (a reader whose whole replay fit in the socket buffers costs nothing).
const serverMbPerPausedResume = Math.round((uncapped.grewMb / Math.max(1, uncapped.open)) * 1000) / 1000;
say(`paused resumes at the caps: ${PAUSED} asked as one person, ${atCaps.accepted} accepted (${atCaps.open} still open), ${atCaps.refused} refused, ${atCaps.unanswered} unanswered; server grew ${Math.round(atCaps.grewMb)} MB`);
say(`paused resumes with the caps lifted: ${PAUSED} asked, ${uncapped.accepted} accepted (${uncapped.open} still open), ${uncapped.refused} refused, ${uncapped.unanswered} unanswered; server grew ${pausedServerGrewMb} MB, ${serverMbPerPausedResume} MB per open resume`);

// The ledger after everything: each balance the sum of its entries, nothing still held.
await sleep(2_000);
const checker = new pg.Client({ connectionString: databaseUrl });
await checker.connect();
const violations = await checker.query<{ count: string }>(
  `select count(*) from credit_accounts a
    where a.balance <> (select coalesce(sum(amount), 0) from credit_entries e where e.account_id = a.id)
       or a.held <> (select coalesce(sum(amount), 0) from credit_holds h where h.account_id = a.id and h.status = 'held')
       or a.held < 0 or a.balance < 0`,
);
const doubleCharges = await checker.query<{ count: string }>(`select count(*) from (select reference from credit_entries group by reference having count(*) > 1) d`);
await checker.end();
const ledgerViolations = Number(violations.rows[0]!.count) + Number(doubleCharges.rows[0]!.count);
say(`ledger violations: ${ledgerViolations}`);

const summary = {
  redisRestarts,
  liveRunsLost,
  streamsDifferent,
  streamsWithChunkGaps,
  workerKills,
  toldP50Ms,
  toldMaxMs,
  chargedAfterKill,
  workerKillsNeverTold: workerKills - told.length,
  nextFirstTokenP50Ms,
  nextFirstTokenMaxMs,
  nextServedByRestarted,
  replacementReadyP50Ms: Math.round(percentile(replacementReadyMs, 50)),
  replacementReadyMaxMs: Math.round(Math.max(0, ...replacementReadyMs)),
  postgresRecoveryMs,
  serverKills,
  answersLostOnServerKill,
  pausedResumes,
  pausedAcceptedAtCaps,
  pausedRefused,
  pausedOpenAtCaps,
  pausedAccepted,
  pausedOpen,
  pausedServerGrewMb,
  serverMbPerPausedResume,
  ledgerViolations,
  workersStarted: workerPids().length,
};
if (JSON_OUTPUT) console.log(JSON.stringify(summary));
// Everything the launcher, its children and the second server printed, for looking into a figure afterwards.
const logPath = argument('log');
if (logPath) writeFileSync(logPath, `${launcher.output()}\n${second.output()}`);

await inspector.quit();
await orm.close();
await second.kill('SIGTERM');
await launcher.kill('SIGTERM');
await simulator.close();
await redis.stop();
await postgres.destroy();
process.exit(0);
