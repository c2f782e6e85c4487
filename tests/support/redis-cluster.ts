import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from './free-port.ts';

const run = promisify(execFile);
const REDIS_SERVER = process.env.REDIS_SERVER_BINARY ?? '/usr/bin/redis-server';
const REDIS_CLI = process.env.REDIS_CLI_BINARY ?? path.join(path.dirname(REDIS_SERVER), 'redis-cli');

/**
 * A Redis Cluster of our own on loopback: `masters` masters, each with `replicasPerMaster` replicas, every node a
 * `redis-server --cluster-enabled yes` on a free port, joined by `redis-cli --cluster create`. Nothing is kept on
 * disk beyond each node's cluster state file, in a temporary folder removed by `stop()`.
 */
export interface LocalRedisCluster {
  /** The value for REDIS_CLUSTER_NODES: every node as `127.0.0.1:port`, comma-separated. */
  nodes: string;
  ports: number[];
  /** Each node's process id by port, to read its CPU time from /proc. */
  pids: Map<number, number>;
  /** The current masters' and replicas' ports (they change with a failover). */
  roles(): Promise<{ masters: number[]; replicas: Array<{ port: number; masterPort: number }> }>;
  /**
   * Promotes a replica of `masterPort` with `CLUSTER FAILOVER` (the operator's manual failover: the master stops
   * taking writes until its replica has caught up, then they swap) and waits until the cluster agrees. Returns the
   * promoted replica's port.
   */
  failover(masterPort: number): Promise<number>;
  stop(): Promise<void>;
}

export interface LocalRedisClusterOptions {
  masters?: number;
  replicasPerMaster?: number;
}

/** Starts a cluster, trying again on fresh ports if one attempt fails (another process may take a port in between). */
export async function startLocalRedisCluster(options: LocalRedisClusterOptions = {}): Promise<LocalRedisCluster> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt += 1) {
    try {
      return await startLocalRedisClusterOnce(options);
    } catch (error) {
      failures.push(`attempt ${attempt}: ${(error as Error).message}`);
    }
  }
  throw new Error(`the local Redis Cluster did not start: ${failures.join('; ')}`);
}

const START_ATTEMPTS = 3;

async function startLocalRedisClusterOnce(options: LocalRedisClusterOptions): Promise<LocalRedisCluster> {
  const masters = options.masters ?? 3;
  const replicasPerMaster = options.replicasPerMaster ?? 1;
  const directory = mkdtempSync(path.join(tmpdir(), 'quorum-redis-cluster-'));
  const logFileOf = (port: number) => path.join(directory, `redis-${port}.log`);
  const ports: number[] = [];
  const busPorts: number[] = [];
  for (let index = 0; index < masters * (1 + replicasPerMaster); index += 1) {
    ports.push(await findFreePort());
    busPorts.push(await findFreePort());
  }
  const children: ChildProcess[] = ports.map((port, index) =>
    spawn(
      REDIS_SERVER,
      [
        '--port', String(port),
        '--bind', '127.0.0.1',
        '--cluster-enabled', 'yes',
        // The bus port is a free port of its own, not port + 10000: that one nobody checked was free, and above
        // port 55535 it would pass 65535, where the node refuses to start.
        '--cluster-port', String(busPorts[index]),
        '--cluster-config-file', path.join(directory, `nodes-${port}.conf`),
        // A node that stops answering is declared failed after this long, so a killed master fails over quickly.
        '--cluster-node-timeout', '2000',
        '--save', '',
        '--appendonly', 'no',
        '--dir', directory,
        '--daemonize', 'no',
        '--logfile', logFileOf(port),
      ],
      { stdio: 'ignore' },
    ),
  );
  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }),
    );
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    await Promise.all(ports.map((port) => waitForPing(port, 10_000).catch((error: Error) => {
      // A node that would not start says why in its log: carry its last lines into the suite's failure.
      throw new Error(`${error.message}; its log ends:\n${lastLines(logFileOf(port), 5)}`);
    })));
    await run(REDIS_CLI, [
      '--cluster', 'create',
      ...ports.map((port) => `127.0.0.1:${port}`),
      '--cluster-replicas', String(replicasPerMaster),
      '--cluster-yes',
    ]);
    await Promise.all(ports.map((port) => waitForClusterOk(port, 20_000)));
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    ...controlRedisCluster(ports),
    nodes: ports.map((port) => `127.0.0.1:${port}`).join(','),
    ports,
    pids: new Map(ports.map((port, index) => [port, children[index]!.pid!])),
    stop,
  };
}

/**
 * Roles and failovers of a running cluster, from its nodes' ports alone: a test process reaches the cluster that
 * the suite's global set-up started through REDIS_CLUSTER_NODES.
 */
export function controlRedisCluster(ports: number[]): Pick<LocalRedisCluster, 'roles' | 'failover'> {
  const roles = async () => {
    const found = await Promise.all(ports.map(async (port) => ({ port, role: await nodeRole(port) })));
    return {
      masters: found.filter(({ role }) => role.kind === 'master').map(({ port }) => port),
      replicas: found.flatMap(({ port, role }) => (role.kind === 'replica' ? [{ port, masterPort: role.masterPort }] : [])),
    };
  };
  return {
    roles,
    async failover(masterPort) {
      const replica = (await roles()).replicas.find((candidate) => candidate.masterPort === masterPort);
      if (!replica) throw new Error(`no replica follows the master on port ${masterPort}`);
      await cli(replica.port, 'cluster', 'failover');
      const deadline = Date.now() + 20_000;
      while ((await nodeRole(replica.port)).kind !== 'master' || (await nodeRole(masterPort)).kind !== 'replica') {
        if (Date.now() > deadline) throw new Error(`the replica on ${replica.port} was not promoted within 20 s`);
        await sleep(50);
      }
      await Promise.all(ports.map((port) => waitForClusterOk(port, 20_000)));
      return replica.port;
    },
  };
}

/** The ports of REDIS_CLUSTER_NODES (`127.0.0.1:7000,127.0.0.1:7001,…`). */
export function clusterPorts(nodes: string): number[] {
  return nodes.split(',').map((entry) => Number(entry.split(':').at(-1)));
}


async function cli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run(REDIS_CLI, ['-h', '127.0.0.1', '-p', String(port), ...args]);
  return stdout;
}

type NodeRole = { kind: 'master' } | { kind: 'replica'; masterPort: number };

async function nodeRole(port: number): Promise<NodeRole> {
  const lines = (await cli(port, 'role')).trim().split('\n');
  if (lines[0] === 'master') return { kind: 'master' };
  return { kind: 'replica', masterPort: Number(lines[2]) };
}

async function waitForPing(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await cli(port, 'ping').catch(() => '');
    if (answer.trim() === 'PONG') return;
    if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer within ${timeoutMs} ms`);
    await sleep(25);
  }
}

async function waitForClusterOk(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = await cli(port, 'cluster', 'info').catch(() => '');
    if (info.includes('cluster_state:ok')) return;
    if (Date.now() > deadline) throw new Error(`the cluster node on ${port} did not report cluster_state:ok within ${timeoutMs} ms`);
    await sleep(50);
  }
}

function lastLines(file: string, count: number): string {
  if (!existsSync(file)) return '(no log written)';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
