import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { findFreePort } from './free-port.ts';

const REDIS_SERVER = process.env.REDIS_SERVER_BINARY ?? '/usr/bin/redis-server';

/**
 * A Redis server of the test's own, on a free port, for tests that must crash and restart it (the shared Redis
 * other tests use must never go away). It keeps nothing on disk, so a restart forgets every key: the worst case.
 */
export interface OwnRedis {
  url: string;
  port: number;
  /** Kills the server outright (SIGKILL, like a crash) and starts a fresh one on the same port. */
  restart(options?: { downForMs?: number }): Promise<void>;
  /** Kills the server outright without starting another. */
  crash(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function redisServerAvailable(): boolean {
  return existsSync(REDIS_SERVER);
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await findFreePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
      stdio: 'ignore',
    });
    await waitForPort(port, 10_000);
  };
  const crash = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    crash,
    async restart(options = {}) {
      await crash();
      if (options.downForMs) await new Promise((resolve) => setTimeout(resolve, options.downForMs));
      await start();
    },
    stop: crash,
  };
}


async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
