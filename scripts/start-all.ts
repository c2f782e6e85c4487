/**
 * `npm start [-- --workers N]`: Quorum on one machine. The HTTP server and N worker processes (default 1), each a
 * separate Node process exactly as in production, supervised by `process-supervisor.ts`: a crashed worker or server
 * is restarted with backoff (the workers keep answering while the server is away), and a worker that dies has its run
 * leases dropped at once so the people waiting on its answers are told within seconds; a server that keeps crashing
 * stops everything with a non-zero exit. Ctrl-C (or SIGTERM) stops them gracefully: open answers finish first.
 */
import { createLogger } from '../core/logging/index.ts';
import { loadConfigOrExit } from '../core/process/index.ts';
import { RedisConnections } from '../core/redis/index.ts';
import { runLeaseOwner } from '../core/runs/index.ts';
import { dropLeasesOf } from './lost-worker-leases.ts';
import { ProcessSupervisor } from './process-supervisor.ts';
import { WORKER_RESTART_BACKOFF } from './restart-backoff.ts';

/** Beyond the children's own grace period: closing connections and the database takes a moment more. */
const STOP_MARGIN_MS = 15_000;

const workersFlag = process.argv.indexOf('--workers');
const workerCount = workersFlag === -1 ? 1 : Number(process.argv[workersFlag + 1]);
if (!Number.isInteger(workerCount) || workerCount < 1 || workerCount > 64) {
  console.error('--workers must be a whole number from 1 to 64');
  process.exit(2);
}

// Checked here once, so a bad setting stops the launch with its message instead of every child failing alike.
const config = loadConfigOrExit();
const logger = createLogger(config, 'launcher');
// Only to let a dead worker's runs go; it reconnects by itself and never holds the launch up.
const redis = new RedisConnections(config.redis, 'launcher', logger).connect('commands');
const supervisor = new ProcessSupervisor({
  logger,
  workerCount,
  workerBackoff: WORKER_RESTART_BACKOFF,
  stopTimeoutMs: config.server.shutdownGraceMs + STOP_MARGIN_MS,
  workerMetricsPort: config.operations.workerMetricsPort,
  onWorkerLost: (pid) => dropLeasesOf(redis, config.redis.keyPrefix, runLeaseOwner(pid)),
});
supervisor.start();
process.on('SIGINT', () => supervisor.stop('SIGINT'));
process.on('SIGTERM', () => supervisor.stop('SIGTERM'));
void supervisor.exited.then((code) => {
  redis.disconnect();
  process.exit(code);
});
