import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../core/config/config.ts';
import { redisServerAvailable } from '../support/own-redis.ts';

/**
 * `npm run chaos` at a small size, so every change runs the fault suite once: Redis crashed and shut down with
 * streams open on two servers, a worker killed mid-answer, Postgres stopped fast and immediately, a server killed
 * with its answer resumed on the other, paused resumes; then the ledger. The full run is
 * `npm run chaos -- --redis-restarts 50 --worker-kills 20 --paused 1000`.
 */
describe.skipIf(!redisServerAvailable())('the fault suite (small size)', () => {
  it('loses no live answer, charges no killed run, keeps the ledger whole', { timeout: 600_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'benchmarks/chaos.ts'), '--n', '1', '--paused', '200', '--json'], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const last = output.trim().split('\n').reverse().find((line) => line.startsWith('{"redisRestarts"'));
    expect(code, output.slice(-4_000)).toBe(0);
    expect(last, output.slice(-4_000)).toBeDefined();
    const summary = JSON.parse(last!) as Record<string, number>;
    console.info(`chaos (small): ${last}`);
    expect(summary).toMatchObject({
      redisRestarts: 2,
      liveRunsLost: 0,
      streamsDifferent: 0,
      workerKills: 1,
      workerKillsNeverTold: 0,
      chargedAfterKill: 0,
      nextServedByRestarted: 0,
      serverKills: 1,
      answersLostOnServerKill: 0,
      ledgerViolations: 0,
    });
    // The launcher lets a killed worker's runs go at once, so the asker is told at the watchdog's next look.
    expect(summary.toldMaxMs).toBeLessThanOrEqual(5_000);
    // One person on one address is held to the open-stream cap (24 by default): at most 24 open at once, the others
    // refused (a reader whose replay fit in its socket buffers is done and frees its place for a later one).
    expect(summary.pausedResumes).toBe(200);
    expect(summary.pausedOpenAtCaps).toBeLessThanOrEqual(24);
    expect(summary.pausedRefused).toBeGreaterThan(0);
    expect(summary.pausedAcceptedAtCaps! + summary.pausedRefused!).toBe(200);
    // With the caps lifted every reader is accepted and held while the answer goes on. The goal is 50 MB for 1,000;
    // measured 0.145 MB each at 1,000, nearly all of it the cost of a burst of connections (the same burst grows the
    // server as much when all but 24 are refused). A sample this small is noisy, so this bound is loose, yet every
    // live event kept for each reader (about 1 MB each over the probe) fails it.
    expect(summary.pausedAccepted).toBe(200);
    expect(summary.serverMbPerPausedResume).toBeLessThanOrEqual(0.5);
  });
});
