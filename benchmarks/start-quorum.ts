import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig, type QuorumConfig } from '../core/config/index.ts';
import { AnswerQueue } from '../core/jobs/index.ts';
import { providerEnvironment } from '../simulator/simulator-base-urls.ts';
import { createIsolatedDatabase, createIsolatedRedisPrefix, openTestRedis } from '../tests/support/isolated-resources.ts';
import { startLocalRedisCluster, type LocalRedisCluster } from '../tests/support/redis-cluster.ts';
import { startQuorumProcess, type QuorumProcess } from '../tests/support/quorum-processes.ts';
import type { VendorId } from './benchmark-plan.ts';
import { findFreePort } from '../tests/support/free-port.ts';

/** For one server and one worker; each further process adds its own start-up (they share the machine's cores). */
const START_TIMEOUT_MS = 60_000;
const START_TIMEOUT_PER_EXTRA_PROCESS_MS = 20_000;
const POLL_INTERVAL_MS = 200;
const STOP_TIMEOUT_MS = 10_000;

export interface StartQuorumOptions {
  /** Server processes, each on its own port (requests are spread over them in turn). Default 1. */
  servers?: number;
  /** Worker processes. Default 1. */
  workers?: number;
  /**
   * Run on a local Redis Cluster (3 masters, 1 replica each) started for the run and stopped by `close()`, instead
   * of REDIS_URL. Default false.
   */
  redisCluster?: boolean;
  /** Added to (or overriding) the benchmark's environment, e.g. `QUORUM_STAGE_TRACE=1`. */
  environment?: Record<string, string>;
}

export interface RunningQuorum {
  /** The first server's address. */
  baseUrl: string;
  /** Every server's address, `baseUrl` first. */
  baseUrls: string[];
  /** The configuration both processes run with (its database, its secret), e.g. to write funded users. */
  config: QuorumConfig;
  /** Process ids of the first server and first worker, to read their memory from `/proc`. */
  serverPid: number;
  workerPid: number;
  /** Every server's and worker's process id. */
  serverPids: number[];
  workerPids: number[];
  /** The Redis Cluster the run uses, when started with `redisCluster`: its masters and each node's process id. */
  cluster: { nodes: string; masters: number[]; replicas: number[]; pids: Map<number, number> } | undefined;
  /** Everything every process printed so far, concatenated. */
  output(): string;
  /** The last lines the server and worker printed, for explaining a failure. */
  outputTail(): string;
  /** Stops both processes and deletes the database and Redis keys. Never throws; problems are printed. */
  close(): Promise<void>;
}

/**
 * Quorum's servers and workers (one of each unless told otherwise), each its own process as in production (so none
 * shares the benchmark's event loop), on one throwaway database and Redis prefix, calling `vendorBaseUrls` for
 * OpenAI, DeepSeek and Groq answers.
 */
export async function startQuorum(vendorBaseUrls: Record<VendorId, string>, options: StartQuorumOptions = {}): Promise<RunningQuorum> {
  const serverCount = options.servers ?? 1;
  const workerCount = options.workers ?? 1;
  let cluster: LocalRedisCluster | undefined;
  if (options.redisCluster) {
    cluster = await startLocalRedisCluster();
    // Read by the isolated Redis prefix (its clean-up walks every master) and passed to every process below.
    process.env.REDIS_CLUSTER_NODES = cluster.nodes;
  }
  const [database, redis] = await Promise.all([createIsolatedDatabase(), createIsolatedRedisPrefix()]);
  const ports: number[] = [];
  for (let index = 0; index < serverCount; index += 1) ports.push(await findFreePort());
  const port = ports[0]!;
  const environment: Record<string, string> = {
    // Production settings, so nothing test-only is measured; production insists on a real secret.
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    // Logging at info would put a JSON line per request on the measured path; warn keeps only trouble.
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: database.url,
    REDIS_URL: redis.redisUrl,
    REDIS_KEY_PREFIX: redis.keyPrefix,
    ...(redis.clusterNodes ? { REDIS_CLUSTER_NODES: redis.clusterNodes } : {}),
    DEMO_MODE: 'off',
    // Keys turn the brand judge on by default; off, so the figures measure Quorum itself and stay comparable.
    BRAND_JUDGE_MODEL: 'off',
    // Each vendor at its own simulator (see chunk-write-clock.ts); the other vendors stay unconfigured.
    ...providerEnvironment(vendorBaseUrls, 'bench-key'),
    // Above the most model streams ever open at once (256 comparisons × 3), so none waits for a worker slot.
    WORKER_CONCURRENCY: '800',
    // 80 of Postgres's default 100 connections, shared by all the processes (40 each for one server and one
    // worker). The default 20 would make hundreds of simultaneous admissions and run claims queue for a connection;
    // more than 100 in all and Postgres refuses connections. Past a few processes, a pooler (PgBouncer) is the way.
    DATABASE_POOL_SIZE: String(Math.floor(80 / (serverCount + workerCount))),
    // Sign-in and sign-up limits are not measured; nothing here should ever hit one.
    AUTH_RATE_LIMIT_SCALE: '1000',
    ASK_RATE_LIMIT_PER_MINUTE: '1000000',
    ASK_RATE_LIMIT_PER_IP_PER_MINUTE: '1000000',
    // A retry would hide a failure inside a slow sample; a failure should be counted as one.
    PROVIDER_MAX_RETRIES: '0',
    SHUTDOWN_GRACE_MS: '2000',
    ...options.environment,
  };
  const baseUrls = ports.map((serverPort) => `http://127.0.0.1:${serverPort}`);
  const baseUrl = baseUrls[0]!;
  const processes: { name: string; running: QuorumProcess }[] = [];

  const outputTail = () =>
    processes.map(({ name, running }) => `--- ${name} ---\n${running.output().split('\n').slice(-30).join('\n')}`).join('\n');
  const close = async () => {
    // The server first, so nothing new is queued while the worker drains.
    for (const { name, running } of [...processes].reverse()) await stopProcess(name, running);
    await Promise.all([
      database.drop().catch((error: unknown) => console.error('could not drop the benchmark database:', error)),
      redis.cleanup().catch((error: unknown) => console.error('could not delete the benchmark Redis keys:', error)),
    ]);
    await cluster?.stop();
  };

  const startTimeoutMs = START_TIMEOUT_MS + START_TIMEOUT_PER_EXTRA_PROCESS_MS * Math.max(0, serverCount + workerCount - 2);
  try {
    // All apply migrations at start under an advisory lock, so they can start together.
    for (let index = 0; index < workerCount; index += 1) {
      processes.push({ name: `worker ${index + 1}`, running: startQuorumProcess('worker/main.ts', environment) });
    }
    for (const [index, serverPort] of ports.entries()) {
      processes.push({ name: `server ${index + 1}`, running: startQuorumProcess('server/main.ts', { ...environment, PORT: String(serverPort) }) });
    }
    const workers = processes.filter(({ name }) => name.startsWith('worker'));
    const servers = processes.filter(({ name }) => name.startsWith('server'));
    await Promise.all([
      ...servers.map(({ running }, index) => waitForHealthyServer(baseUrls[index]!, running, startTimeoutMs)),
      waitForRegisteredWorkers(redis, workers.map(({ running }) => running), startTimeoutMs),
    ]);
  } catch (error) {
    const tail = outputTail();
    await close();
    throw new Error(`Quorum did not start: ${error instanceof Error ? error.message : String(error)}\n${tail}`);
  }
  const roles = await cluster?.roles();
  const pidsOf = (kind: string) => processes.filter(({ name }) => name.startsWith(kind)).map(({ running }) => running.child.pid!);
  return {
    baseUrl,
    baseUrls,
    config: loadConfig(environment),
    serverPid: pidsOf('server')[0]!,
    workerPid: pidsOf('worker')[0]!,
    serverPids: pidsOf('server'),
    workerPids: pidsOf('worker'),
    cluster: cluster && roles ? { nodes: cluster.nodes, masters: roles.masters, replicas: roles.replicas.map(({ port }) => port), pids: cluster.pids } : undefined,
    output: () => processes.map(({ running }) => running.output()).join('\n'),
    outputTail,
    close,
  };
}

function exited(running: QuorumProcess): boolean {
  return running.child.exitCode !== null || running.child.signalCode !== null;
}

/** At LOG_LEVEL=warn the server never says it listens, so ask it: `/api/health` answers once Postgres and Redis do. */
async function waitForHealthyServer(baseUrl: string, server: QuorumProcess, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (exited(server)) throw new Error(`the server exited with ${server.child.exitCode ?? server.child.signalCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      const body = (await response.json()) as { success?: unknown };
      if (body.success === true) return;
    } catch {
      // Not listening yet.
    }
    await sleep(POLL_INTERVAL_MS);
  }
  throw new Error(`the server was not healthy within ${timeoutMs} ms`);
}

/**
 * The worker's "worker ready" line is info-level, so it is silent at warn. BullMQ names each worker's Redis
 * connection after its queue, and lists them: once every worker shows up, jobs are being taken.
 */
async function waitForRegisteredWorkers(
  redis: { redisUrl: string; clusterNodes: string | undefined; keyPrefix: string },
  workers: QuorumProcess[],
  timeoutMs: number,
): Promise<void> {
  const connection = openTestRedis(redis.redisUrl, redis.clusterNodes);
  // Every worker process takes from every partition, so the first partition's workers are all of them.
  const queue = new AnswerQueue(connection, redis.keyPrefix, 1);
  try {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      const gone = workers.find(exited);
      if (gone) throw new Error(`a worker exited with ${gone.child.exitCode ?? gone.child.signalCode}`);
      if ((await queue.partitions[0]!.getWorkersCount()) >= workers.length) return;
      await sleep(POLL_INTERVAL_MS);
    }
    throw new Error(`fewer than ${workers.length} workers took the answer queue within ${timeoutMs} ms`);
  } finally {
    await queue.close();
    await connection.quit().catch(() => connection.disconnect());
  }
}

/** SIGTERM, as a deployment would; SIGKILL if the process has not gone after a while, so the benchmark always ends. */
async function stopProcess(name: string, running: QuorumProcess): Promise<void> {
  const stopped = running.kill('SIGTERM').then(() => true);
  const timedOut = sleep(STOP_TIMEOUT_MS, false, { ref: false });
  if (!(await Promise.race([stopped, timedOut]))) {
    console.error(`${name} did not stop within ${STOP_TIMEOUT_MS} ms of SIGTERM; killing it`);
    await running.kill('SIGKILL');
  }
}
