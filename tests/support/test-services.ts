import net from 'node:net';
import { execFileSync } from 'node:child_process';

/**
 * Where the tests find Postgres and Redis: `DATABASE_URL` / `REDIS_URL` when set, else the local defaults. When
 * neither answers and a Docker engine does, Testcontainers starts throwaway ones. Resolved once per test process.
 */
export interface TestServices {
  /** A Postgres URL whose user may create databases; each test file makes its own. */
  postgresAdminUrl: string;
  redisUrl: string;
  /** REDIS_CLUSTER_NODES when the tests run against a Redis Cluster (the cluster suite); else undefined. */
  redisClusterNodes: string | undefined;
}

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

let resolved: Promise<TestServices> | undefined;

export function testServices(): Promise<TestServices> {
  resolved ??= resolveTestServices();
  return resolved;
}

async function resolveTestServices(): Promise<TestServices> {
  const postgresAdminUrl = adminUrl(process.env.DATABASE_URL ?? DEFAULT_POSTGRES_URL);
  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const redisClusterNodes = process.env.REDIS_CLUSTER_NODES || undefined;
  // The cluster suite brings its own Redis Cluster and uses the Postgres the other suites use.
  if (redisClusterNodes) return { postgresAdminUrl, redisUrl, redisClusterNodes };
  const [postgresUp, redisUp] = await Promise.all([reachable(postgresAdminUrl, 5432), reachable(redisUrl, 6379)]);
  if (postgresUp && redisUp) return { postgresAdminUrl, redisUrl, redisClusterNodes };
  if (!dockerAvailable()) {
    throw new Error(
      `Tests need Postgres (${postgresUp ? 'up' : 'down'} at ${postgresAdminUrl}) and Redis (${redisUp ? 'up' : 'down'} at ${redisUrl}); ` +
        'start them, set DATABASE_URL/REDIS_URL, or run a Docker engine for Testcontainers.',
    );
  }
  const { GenericContainer } = await import('testcontainers');
  const postgres = postgresUp
    ? undefined
    : await new GenericContainer('postgres:17-alpine')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        .start();
  const redis = redisUp ? undefined : await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
  return {
    postgresAdminUrl: postgres
      ? `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`
      : postgresAdminUrl,
    redisUrl: redis ? `redis://${redis.getHost()}:${redis.getMappedPort(6379)}` : redisUrl,
    redisClusterNodes,
  };
}

function adminUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

function reachable(serviceUrl: string, defaultPort: number): Promise<boolean> {
  const url = new URL(serviceUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname || '127.0.0.1', port: Number(url.port || defaultPort) });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

function dockerAvailable(): boolean {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}
