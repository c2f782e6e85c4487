import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../core/config/config.ts';
import { REDIS_ROLES } from '../../core/redis/redis-connections.ts';

/** Where a Redis connection may be made: the factory of roles and the connection maker it calls. */
const FACTORY_FILES = ['core/redis/redis-connections.ts', 'core/redis/redis-connection.ts'];

describe('Redis connections', () => {
  it('are opened only through the factory of roles in the server, the worker, core and the scripts', () => {
    const offenders: string[] = [];
    for (const folder of ['server', 'worker', 'core', 'scripts']) {
      for (const entry of readdirSync(path.join(PROJECT_ROOT, folder), { withFileTypes: true, recursive: true })) {
        if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
        const file = path.relative(PROJECT_ROOT, path.join(entry.parentPath, entry.name));
        if (FACTORY_FILES.includes(file)) continue;
        if (/createRedisConnection\s*\(|new (?:Redis|Cluster)\s*\(/.test(readFileSync(path.join(PROJECT_ROOT, file), 'utf8'))) offenders.push(file);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('name a handful of roles per process', () => {
    expect(Object.keys(REDIS_ROLES.server)).toEqual(['commands', 'queues', 'subscriber', 'session-invalidations']);
    expect(Object.keys(REDIS_ROLES.worker)).toEqual(['commands', 'bullmq', 'cancellations']);
  });
});
