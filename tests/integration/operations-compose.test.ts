import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../core/config/config.ts';

const run = promisify(execFile);

/** `docker-compose` (Debian's v1; `scripts/bootstrap.sh` installs it). Missing, it fails the test: never a skip. */
async function compose(...args: string[]): Promise<string> {
  try {
    const { stdout } = await run('docker-compose', ['-f', 'docker-compose.yml', ...args], { cwd: PROJECT_ROOT });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('docker-compose is not installed: run ./quorum test, or `source scripts/bootstrap.sh && ensure_compose`');
    }
    throw error;
  }
}

/** The normalised file `docker-compose config` prints, cut into one text per service (YAML folding undone). */
function serviceBlocks(normalised: string): Map<string, string> {
  const services = new Map<string, string>();
  let current: string | undefined;
  let inServices = false;
  for (const line of normalised.split('\n')) {
    if (/^\S/.test(line)) {
      inServices = line === 'services:';
      current = undefined;
      continue;
    }
    const name = inServices ? /^ {2}([\w-]+):$/.exec(line)?.[1] : undefined;
    if (name) {
      current = name;
      services.set(name, '');
    } else if (current) {
      services.set(current, `${services.get(current)} ${line.trim()}`);
    }
  }
  return services;
}

describe('docker-compose.yml', () => {
  it('is a valid compose file', async () => {
    await expect(compose('config', '-q')).resolves.toBe('');
  });

  it('wires server, worker, Postgres and Redis, each with a healthcheck, the app waiting for healthy dependencies', async () => {
    const services = serviceBlocks(await compose('config'));
    expect([...services.keys()]).toEqual(expect.arrayContaining(['postgres', 'redis', 'server', 'worker']));
    for (const name of ['postgres', 'redis', 'server', 'worker']) expect(services.get(name), name).toContain('healthcheck:');
    expect(services.get('server')).toContain('/api/health/ready');
    expect(services.get('worker')).toContain('/health/live');
    for (const name of ['server', 'worker']) {
      const block = services.get(name)!;
      expect(block, name).toMatch(/depends_on: postgres: condition: service_healthy/);
      expect(block, name).toMatch(/redis: condition: service_healthy/);
      expect(block, name).toMatch(/DATABASE_URL: postgres:\/\/quorum:quorum@postgres:5432\/quorum/);
      expect(block, name).toContain('REDIS_URL: redis://redis:6379');
      for (const variable of ['METRICS_TOKEN', 'WORKER_METRICS_PORT', 'QUEUE_DASHBOARD_ADMINS']) expect(block, `${name} ${variable}`).toContain(`${variable}:`);
    }
    expect(services.get('server')).toContain('start:server');
    expect(services.get('worker')).toContain('start:worker');
  });
});
