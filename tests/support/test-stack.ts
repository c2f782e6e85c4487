import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import pg from 'pg';
import { loadConfig, type QuorumConfig } from '../../core/config/config.ts';
import { openDatabase } from '../../core/database/open-database.ts';
import { createLogger } from '../../core/logging/create-logger.ts';
import { buildServer, type BuildServerOptions } from '../../server/build-server.ts';
import { startProviderSimulator, type RunningProviderSimulator } from '../../simulator/provider-simulator.ts';
import { providerEnvironment, simulatorBaseUrls } from '../../simulator/simulator-base-urls.ts';
import { startWorkerProcess, type RunningWorkerProcess } from '../../worker/worker-process.ts';
import { createIsolatedDatabase, createIsolatedRedisPrefix } from './isolated-resources.ts';
import { createFundedUser } from './funded-user.ts';
import { postSearchStream } from './search-stream-client.ts';
import { ClosingSteps } from './closing-steps.ts';

export interface TestStackOptions {
  /** Extra or overriding environment variables for the configuration. */
  environment?: Record<string, string>;
  /** Start an in-process worker (default true). Tests that run the worker as a child process say false. */
  withWorker?: boolean;
  /** Point the server (not the worker) at another Redis or Postgres address, e.g. a cuttable proxy. */
  serverRedisUrl?: string;
  serverDatabaseUrl?: string;
  /** Sees every route the server adds (its route table). */
  onRoute?: BuildServerOptions['onRoute'];
}

export interface TestStack {
  config: QuorumConfig;
  /** The environment the stack was configured from, to start more processes (a child worker) alike. */
  environment: Record<string, string>;
  app: FastifyInstance;
  baseUrl: string;
  simulator: RunningProviderSimulator;
  worker: RunningWorkerProcess | undefined;
  /**
   * A fresh EntityManager on the stack's database over the test's own connection, to check what was stored
   * independently of the server (which may be closed, or cut off from Postgres, by the test).
   */
  records(): EntityManager;
  /** Cookie of a signed-in subscribed user with plenty of credits, for tests about answers rather than money. */
  fundedCookie: string;
  /** Asks a question as that funded user, like `postSearchStream` does for a browser. */
  ask(body: unknown, options?: Parameters<typeof postSearchStream>[2]): ReturnType<typeof postSearchStream>;
  close(): Promise<void>;
  /** Which step of `close()` is running and what it waits for: named when a teardown runs out of time. */
  closing: ClosingSteps;
}

/**
 * A whole Quorum on real parts: its own Postgres database and Redis prefix, the provider simulator behind the real
 * OpenAI SDK, a listening server and (usually) a worker. Everything is torn down and deleted by `close()`.
 */
export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const [database, redis, simulator] = await Promise.all([
    createIsolatedDatabase({ migrated: true }),
    createIsolatedRedisPrefix(),
    startProviderSimulator({ defaultChunkDelayMs: 1, defaultChunkCount: 12 }),
  ]);
  const environment: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: database.url,
    REDIS_URL: redis.redisUrl,
    REDIS_KEY_PREFIX: redis.keyPrefix,
    // The cluster suite runs the same files against a Redis Cluster.
    ...(redis.clusterNodes ? { REDIS_CLUSTER_NODES: redis.clusterNodes } : {}),
    // The cluster suite splits the answer queue over the cluster's masters (its global set-up sets this).
    ...(process.env.ANSWER_QUEUE_PARTITIONS ? { ANSWER_QUEUE_PARTITIONS: process.env.ANSWER_QUEUE_PARTITIONS } : {}),
    // Every provider, through its real SDK, to the simulator.
    ...providerEnvironment(simulatorBaseUrls(simulator.url), 'test-key'),
    PROVIDER_MAX_RETRIES: '0',
    // An answer a test holds at a simulator gate is silent until the test lets it go, which on a busy machine can take
    // longer than the 30 s a silent provider gets in production; the idle limit's own tests set theirs.
    PROVIDER_IDLE_TIMEOUT_MS: '300000',
    // Providers have keys here, which turns the brand judge on by default; tests of the judge ask for it by name.
    BRAND_JUDGE_MODEL: 'off',
    // Long enough that a renewal held up on a loaded machine does not end a healthy answer as lost; tests of a
    // lost worker set a short lease of their own.
    RUN_LEASE_MS: '5000',
    SHUTDOWN_GRACE_MS: '2000',
    WORKER_CONCURRENCY: '16',
    // Tests ask from one account and one address far faster than a person; the asking limits have their own test.
    ASK_RATE_LIMIT_PER_MINUTE: '1000000',
    ASK_RATE_LIMIT_PER_IP_PER_MINUTE: '1000000',
    // Likewise arena votes, and a board shows a model from its first battle: the integrity tests set their own.
    ARENA_VOTE_RATE_LIMIT_PER_HOUR: '1000000',
    ARENA_VOTE_RATE_LIMIT_PER_IP_PER_HOUR: '1000000',
    ARENA_MIN_BATTLES: '0',
    // A test's questions are what is being checked: a busy test machine (a second of event-loop lag) must not turn
    // them into load-shedding 503s. The shedding has its own test, which sets its limit again.
    LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    // Up to three test files run at once, each with a server, a worker and an inspector: stay well under Postgres's 100.
    DATABASE_POOL_SIZE: '8',
    // Test files run side by side, each with workers: none listens on the default metrics port.
    WORKER_METRICS_PORT: '0',
    // Lets a browser test serve a client built elsewhere (parallel builds must not share one output directory).
    ...(process.env.CLIENT_DIST_DIR ? { CLIENT_DIST_DIR: process.env.CLIENT_DIST_DIR } : {}),
    ...options.environment,
  };
  const config = loadConfig(environment);
  const serverConfig: QuorumConfig = {
    ...config,
    databaseUrl: options.serverDatabaseUrl ?? config.databaseUrl,
    redis: { ...config.redis, url: options.serverRedisUrl ?? config.redis.url },
  };

  // The worker first: it applies migrations, and the server can then start against a ready schema either way.
  const worker = options.withWorker === false ? undefined : await startWorkerProcess(config, createLogger(config, 'worker'));
  const inspector = await openDatabase({ databaseUrl: config.databaseUrl, logger: createLogger(config, 'test'), poolSize: 2, applicationName: 'quorum-test' });
  const fundedCookie = await createFundedUser(inspector.em.fork(), config);
  const app = await buildServer(serverConfig, { onRoute: options.onRoute });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const sockets = openSockets(app);
  const closing = new ClosingSteps();

  return {
    config,
    environment,
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    simulator,
    worker,
    records: () => inspector.em.fork(),
    fundedCookie,
    ask: (body, askOptions = {}) =>
      postSearchStream(`http://127.0.0.1:${port}`, body, { ...askOptions, headers: { cookie: fundedCookie, ...askOptions.headers } }),
    closing,
    async close() {
      await closing.step('closing the server', () => app.close(), async () =>
        [
          `at ${app.shutdown.current() ?? 'no close hook (Fastify waits for requests in flight)'}`,
          `${app.openStreams.size} open streams (${app.requestServices.requestEvents.describeFollowers().join(' | ') || 'no follower'}), ${sockets.size} open sockets`,
          await databaseSessions(config.databaseUrl),
          activeResources(),
        ].join('; '),
      );
      await closing.step('closing the worker', () => worker?.close(500) ?? Promise.resolve(), async () =>
        [`at ${worker?.closingStep() ?? 'no step'}`, await databaseSessions(config.databaseUrl), activeResources()].join('; '),
      );
      await closing.step("closing the test's database connection", () => inspector.close());
      await closing.step('closing the provider simulator', () => simulator.close());
      await closing.step('dropping the database and the Redis keys', () => Promise.all([database.drop(), redis.cleanup()]), activeResources);
    },
  };
}

/** The server's open sockets, kept as they come and go (to say what a slow close still waits for). */
function openSockets(app: FastifyInstance): Set<Socket> {
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}

/** The sessions on the stack's database and what each is doing or waiting for (a lock, a client), in one line. */
async function databaseSessions(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl, statement_timeout: 5_000, connectionTimeoutMillis: 5_000, application_name: 'quorum-test-inspector' });
  try {
    await client.connect();
    const { rows } = await client.query<{ process: string; state: string; wait: string | null; query: string; idleS: number }>(
      `select application_name as process, state, wait_event_type || ':' || wait_event as wait, left(query, 80) as query,
              round(extract(epoch from now() - state_change))::int as "idleS"
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    const described = rows.map((row) => `${row.process || 'unnamed'} ${row.state} ${row.idleS} s${row.wait ? ` waiting on ${row.wait}` : ''} [${row.query}]`);
    return `database sessions: ${described.join(', ') || 'none'}`;
  } catch (error) {
    return `database sessions unknown (${String(error)})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** What keeps this process busy, by kind and count (timers, sockets, file handles): Node's own account. */
function activeResources(): string {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => `${count} ${kind}`).join(', ');
}
