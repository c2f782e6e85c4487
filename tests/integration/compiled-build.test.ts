import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../core/config/config.ts';
import { buildServer } from '../../scripts/build-server.ts';
import { startProviderSimulator, type RunningProviderSimulator } from '../../simulator/provider-simulator.ts';
import { createIsolatedDatabase, createIsolatedRedisPrefix } from '../support/isolated-resources.ts';
import { startQuorumProcess, type QuorumProcess, testProcessEnvironment } from '../support/quorum-processes.ts';
import { GUEST_SEARCH_BODY, postSearchStream } from '../support/search-stream-client.ts';

/**
 * What production runs: `npm run build`'s compiled launcher, server and worker under plain `node`. The build goes into
 * an install of its own that holds only the compiled files and the packages (as the container image does), so a file
 * still read from the sources, or a child started through tsx, fails here rather than in production.
 */

let install: string;
let compiledDirectory: string;
let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
let redis: Awaited<ReturnType<typeof createIsolatedRedisPrefix>>;
let simulator: RunningProviderSimulator;
let launcher: QuorumProcess | undefined;

beforeAll(async () => {
  install = mkdtempSync(path.join(tmpdir(), 'quorum-compiled-'));
  compiledDirectory = path.join(install, 'dist', 'node');
  symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(install, 'node_modules'));
  copyFileSync(path.join(PROJECT_ROOT, 'package.json'), path.join(install, 'package.json'));
  [, database, redis, simulator] = await Promise.all([
    buildServer(compiledDirectory),
    createIsolatedDatabase(),
    createIsolatedRedisPrefix(),
    startProviderSimulator({ defaultChunkDelayMs: 1, defaultChunkCount: 12 }),
  ]);
}, 60_000);

afterAll(async () => {
  await launcher?.kill('SIGKILL');
  await simulator?.close();
  await Promise.all([database?.drop(), redis?.cleanup()]);
  if (install) rmSync(install, { recursive: true, force: true });
});

/** The command line a process was started with, as the kernel has it. */
function commandLine(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

function childPids(output: string): Record<'server' | 'worker', number[]> {
  const pids: Record<'server' | 'worker', number[]> = { server: [], worker: [] };
  for (const line of output.split('\n')) {
    if (!line.startsWith('{"') || !line.includes('"process":"launcher"')) continue;
    const event = JSON.parse(line) as { msg: string; role?: 'server' | 'worker'; childPid?: number };
    if (event.role && event.msg.endsWith('started') && event.childPid) pids[event.role].push(event.childPid);
  }
  return pids;
}

describe('the compiled build', () => {
  it('starts a server and a worker with plain node from dist/ alone and streams an answer', { timeout: 150_000 }, async () => {
    const startedAt = performance.now();
    launcher = startQuorumProcess(
      'scripts/start-all.ts',
      testProcessEnvironment({
        databaseUrl: database.url,
        redisUrl: redis.redisUrl,
        keyPrefix: redis.keyPrefix,
        simulatorUrl: simulator.url,
      }),
      ['--workers', '1'],
      { compiledDirectory },
    );
    // Generous: on a machine shared with other test runs, a start can take several times its usual few seconds.
    await launcher.waitForOutput('Server listening at', 90_000);
    await launcher.waitForOutput('worker ready', 45_000);
    const baseUrl = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(launcher.output())![1]!;
    let health: Response | undefined;
    while (!health?.ok && performance.now() - startedAt < 120_000) {
      health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
      if (!health?.ok) await sleep(200);
    }
    expect(health?.status).toBe(200);
    console.info(`compiled build: launch to healthy in ${Math.round(performance.now() - startedAt)} ms`);

    // Every process runs a compiled file from the install, and none loads tsx.
    const pids = childPids(launcher.output());
    expect(pids.server).toHaveLength(1);
    expect(pids.worker).toHaveLength(1);
    expect(commandLine(launcher.child.pid!)).toContain(path.join(compiledDirectory, 'start-all.js'));
    expect(commandLine(pids.server[0]!)).toContain(path.join(compiledDirectory, 'server.js'));
    expect(commandLine(pids.worker[0]!)).toContain(path.join(compiledDirectory, 'worker.js'));
    for (const pid of [launcher.child.pid!, pids.server[0]!, pids.worker[0]!]) {
      expect(commandLine(pid).join(' ')).not.toMatch(/tsx/);
    }

    // The data files are read from the install's copies as the processes load (a missing one stops them before they
    // are ready); the catalogue is served from its copy.
    const models = await fetch(`${baseUrl}/api/models`);
    expect(models.status).toBe(200);
    const answer = await postSearchStream(baseUrl, { ...GUEST_SEARCH_BODY, query: 'Does the compiled build answer? [[simulate chunks=6]]' });
    expect(answer.status).toBe(200);
    expect(answer.events.filter((event) => event.event === 'chunk')).toHaveLength(6);
    expect(answer.events.at(-1)).toMatchObject({ event: 'end' });
    expect(String(answer.events.at(-1)!.data.response).length).toBeGreaterThan(0);

    expect(await launcher.kill('SIGTERM')).toBe(0);
    launcher = undefined;
  });
});
