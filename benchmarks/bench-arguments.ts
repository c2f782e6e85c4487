import { parseArgs } from 'node:util';

export interface BenchArguments {
  /** End the report with one line of JSON holding the headline numbers, for comparing runs. */
  json: boolean;
  /** Server processes (requests go to each in turn). */
  servers: number;
  /** Worker processes. */
  workers: number;
  /** Run Quorum on a local Redis Cluster (3 masters, 1 replica each) instead of REDIS_URL (`--redis-cluster`). */
  redisCluster: boolean;
  /** Times every level is measured (`--runs N`, default 3); the report gives each number's median and range. */
  runs: number;
  /** Write V8 CPU profiles of every server and worker into this directory when they stop (`--cpu-profile DIR`). */
  cpuProfileDirectory: string | undefined;
}

/**
 * `--json`, `--servers N`, `--workers N` (both default 1), `--redis-cluster`, `--runs N` (default 3) and
 * `--cpu-profile DIR`, as `npm run bench -- --servers 2 --workers 2` passes them.
 */
export function readBenchArguments(argv: readonly string[] = process.argv.slice(2)): BenchArguments {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      json: { type: 'boolean', default: false },
      servers: { type: 'string', default: '1' },
      workers: { type: 'string', default: '1' },
      'redis-cluster': { type: 'boolean', default: false },
      runs: { type: 'string', default: '3' },
      'cpu-profile': { type: 'string' },
    },
    strict: true,
  });
  const count = (name: string, value: string) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 1 || parsed > 16) throw new Error(`--${name} must be a whole number from 1 to 16, got "${value}"`);
    return parsed;
  };
  return {
    json: values.json,
    servers: count('servers', values.servers),
    workers: count('workers', values.workers),
    redisCluster: values['redis-cluster'],
    runs: count('runs', values.runs),
    cpuProfileDirectory: values['cpu-profile'],
  };
}
