import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from './free-port.ts';

const run = promisify(execFile);

const BINARIES = '/usr/local/bin';
const initdb = path.join(BINARIES, 'initdb');
const pgCtl = path.join(BINARIES, 'pg_ctl');
/** Postgres refuses to run as root, and tests often do (containers, CI): the cluster then runs as this user. */
const CLUSTER_USER = 'postgres';

/**
 * A Postgres cluster of the test's own, on a free port, for tests that must stop, restart or crash it (the shared
 * Postgres every other test uses must never go away). It lives in a temporary directory and runs with fsync off:
 * nothing here has to survive the machine, only the database server going away and coming back.
 */
export interface OwnPostgres {
  /** The `postgres` database on this cluster, as the trusted superuser: tests create their own databases in it. */
  adminUrl: string;
  port: number;
  /** Starts the cluster (it is started already when `startOwnPostgres` resolves). */
  start(): Promise<void>;
  /** `fast`: a clean shutdown that ends every connection; `immediate`: like a crash, recovery runs on the next start. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl restart`: the same stop then start in one command. */
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops the cluster, if running, and deletes its directory. */
  destroy(): Promise<void>;
}

/** Runs a Postgres program as the cluster's user when the test runs as root, else as the test's own user. */
async function asClusterUser(program: string, args: string[]): Promise<void> {
  const asRoot = process.getuid?.() === 0;
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', CLUSTER_USER, '--', program, ...args]] : [program, args];
  await run(command, commandArgs, { timeout: 60_000 });
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'quorum-own-postgres-'));
  const dataDirectory = path.join(directory, 'data');
  const logFile = path.join(directory, 'postgres.log');
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', CLUSTER_USER]);
    const { stdout: group } = await run('id', ['-g', CLUSTER_USER]);
    await chown(directory, Number(stdout.trim()), Number(group.trim()));
  }
  // --no-sync: a throwaway cluster, and a loaded CI machine should not wait on disks for it.
  await asClusterUser(initdb, ['-D', dataDirectory, '-U', 'postgres', '--auth=trust', '--no-sync', '--encoding=UTF8', '--locale=C']);
  const port = await findFreePort();
  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${directory}`,
    // fsync off only skips the disk: a crashed Postgres (not a crashed machine) still finds its WAL in the page
    // cache. synchronous_commit stays on, or a crash-like stop would forget commits it had already confirmed.
    '-c fsync=off',
    '-c max_connections=60',
  ].join(' ');

  const start = () => asClusterUser(pgCtl, ['-D', dataDirectory, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
  const stop = (mode: 'fast' | 'immediate' = 'fast') => asClusterUser(pgCtl, ['-D', dataDirectory, '-m', mode, '-w', '-t', '60', 'stop']);
  await start();

  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    restart: (mode = 'fast') => asClusterUser(pgCtl, ['-D', dataDirectory, '-l', logFile, '-o', serverOptions, '-m', mode, '-w', '-t', '60', 'restart']),
    async destroy() {
      await stop('immediate').catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
  };
}

