/**
 * Start-up time and idle memory of `npm start` (the launcher with one server and one worker), run from source through
 * tsx and compiled by `npm run build`, in turns:
 *   node --import tsx benchmarks/start-up.bench.ts [--runs 5] [--idle-ms 5000] [--json]     (npm run bench:start-up)
 *
 * Start-up is from spawning the launcher until `/api/health` answers 200 (the server is ready) and until the worker
 * logs "worker ready". Memory is each process's resident set size after `--idle-ms` of idleness. One throwaway
 * database and Redis prefix serve every run, migrated by an unmeasured first start of each kind (which also fills
 * tsx's transform cache, as any start after the first finds it), so the runs measure a restart, not a first install.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { buildServer } from '../scripts/build-server.ts';
import { COMPILED_DIRECTORY } from '../core/config/index.ts';
import { startProviderSimulator } from '../simulator/provider-simulator.ts';
import { providerEnvironment, simulatorBaseUrls } from '../simulator/simulator-base-urls.ts';
import { findFreePort } from '../tests/support/free-port.ts';
import { createIsolatedDatabase, createIsolatedRedisPrefix } from '../tests/support/isolated-resources.ts';
import { startQuorumProcess } from '../tests/support/quorum-processes.ts';
import { percentile } from './percentiles.ts';
import { residentKib } from './process-memory.ts';
import { formatTextTable } from './text-table.ts';

const START_TIMEOUT_MS = 60_000;
const KINDS = ['tsx', 'compiled'] as const;
type Kind = (typeof KINDS)[number];

interface StartUp {
  healthyMs: number;
  workerReadyMs: number;
  launcherMib: number;
  serverMib: number;
  workerMib: number;
}

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, 'idle-ms': { type: 'string', default: '5000' }, json: { type: 'boolean', default: false } },
});
const runs = Number(values.runs);
const idleMs = Number(values['idle-ms']);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number of at least 1');

const [database, redis, simulator] = await Promise.all([createIsolatedDatabase(), createIsolatedRedisPrefix(), startProviderSimulator(), buildServer()]);
const environment: Record<string, string> = {
  // Production settings, as the start is measured for production; production insists on a real secret.
  NODE_ENV: 'production',
  APP_SECRET: randomBytes(32).toString('hex'),
  // Info level: the launcher's "started" lines carry the children's pids.
  LOG_LEVEL: 'info',
  HOST: '127.0.0.1',
  DATABASE_URL: database.url,
  REDIS_URL: redis.redisUrl,
  REDIS_KEY_PREFIX: redis.keyPrefix,
  DEMO_MODE: 'off',
    // Keys turn the brand judge on by default; off, so the figures measure Quorum itself and stay comparable.
    BRAND_JUDGE_MODEL: 'off',
  ...providerEnvironment(simulatorBaseUrls(simulator.url), 'bench-key'),
};

/** The pid the launcher logged for its child of this role. */
function childPid(output: string, role: 'server' | 'worker'): number {
  const match = new RegExp(`"role":"${role}","index":\\d+,"childPid":(\\d+)`).exec(output);
  if (!match) throw new Error(`the launcher did not log its ${role}'s pid. Output:\n${output}`);
  return Number(match[1]);
}

async function startOnce(kind: Kind): Promise<StartUp> {
  const port = await findFreePort();
  const startedAt = performance.now();
  const launcher = startQuorumProcess('scripts/start-all.ts', { ...environment, PORT: String(port) }, ['--workers', '1'], kind === 'compiled' ? { compiledDirectory: COMPILED_DIRECTORY } : {});
  let workerReadyMs = Number.NaN;
  void launcher.waitForOutput('worker ready', START_TIMEOUT_MS).then(
    () => (workerReadyMs = performance.now() - startedAt),
    () => undefined,
  );
  try {
    let healthyMs = Number.NaN;
    while (Number.isNaN(healthyMs)) {
      if (performance.now() - startedAt > START_TIMEOUT_MS) throw new Error(`${kind}: /api/health did not answer 200. Output:\n${launcher.output()}`);
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1_000) }).catch(() => undefined);
      if (response?.ok) healthyMs = performance.now() - startedAt;
      else await sleep(25);
    }
    await launcher.waitForOutput('worker ready', START_TIMEOUT_MS);
    await sleep(idleMs);
    const output = launcher.output();
    const mib = (pid: number) => residentKib(pid) / 1024;
    return { healthyMs, workerReadyMs, launcherMib: mib(launcher.child.pid!), serverMib: mib(childPid(output, 'server')), workerMib: mib(childPid(output, 'worker')) };
  } finally {
    const code = await launcher.kill('SIGTERM');
    if (code !== 0) console.error(`${kind}: the launcher stopped with ${code}`);
  }
}

const results: Record<Kind, StartUp[]> = { tsx: [], compiled: [] };
try {
  for (const kind of KINDS) await startOnce(kind);
  for (let run = 0; run < runs; run += 1) {
    // Alternating which goes first, so neither always follows the other's shutdown.
    for (const kind of run % 2 === 0 ? KINDS : [...KINDS].reverse()) {
      const result = await startOnce(kind);
      results[kind].push(result);
      console.error(`run ${run + 1} ${kind}: healthy ${Math.round(result.healthyMs)} ms, worker ready ${Math.round(result.workerReadyMs)} ms, server ${result.serverMib.toFixed(1)} MiB, worker ${result.workerMib.toFixed(1)} MiB`);
    }
  }
} finally {
  await simulator.close();
  await Promise.all([database.drop(), redis.cleanup()]);
}

const median = (kind: Kind, field: keyof StartUp) => percentile(results[kind].map((result) => result[field]), 50);
const range = (kind: Kind, field: keyof StartUp, digits: number) => {
  const samples = results[kind].map((result) => result[field]);
  return `${median(kind, field).toFixed(digits)} (${Math.min(...samples).toFixed(digits)}–${Math.max(...samples).toFixed(digits)})`;
};
const fields: [keyof StartUp, string, number][] = [
  ['healthyMs', 'launch → /api/health 200 (ms)', 0],
  ['workerReadyMs', 'launch → worker ready (ms)', 0],
  ['serverMib', 'server RSS idle (MiB)', 1],
  ['workerMib', 'worker RSS idle (MiB)', 1],
  ['launcherMib', 'launcher RSS idle (MiB)', 1],
];
console.log(`npm start with one worker, median (min–max) of ${runs} runs each\n`);
console.log(formatTextTable(['', ...KINDS], fields.map(([field, label, digits]) => [label, ...KINDS.map((kind) => range(kind, field, digits))])));
if (values.json) {
  console.log(JSON.stringify(Object.fromEntries(KINDS.map((kind) => [kind, Object.fromEntries(fields.map(([field]) => [field, median(kind, field)]))]))));
}
