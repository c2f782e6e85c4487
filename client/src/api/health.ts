import { readEnvelopeData } from './api-envelope.ts';
import { quorumFetch } from './anonymous-session.ts';

export type DependencyStatus = 'up' | 'down';

export interface HealthReport {
  status: string;
  checks: { postgres: DependencyStatus; redis: DependencyStatus };
  /** The server answers from its built-in simulator because no provider API key is configured. */
  demoMode: boolean;
}

function readDependencyStatus(value: unknown): DependencyStatus {
  return value === 'up' ? 'up' : 'down';
}

/** Reads `GET /api/health`, which answers with the same body (and `success: false`) when a dependency is down. */
export function parseHealthResponse(body: unknown): HealthReport | null {
  const data = readEnvelopeData(body);
  if (!data || typeof data['demoMode'] !== 'boolean') return null;
  const checks = typeof data['checks'] === 'object' && data['checks'] !== null ? data['checks'] : {};
  return {
    status: typeof data['status'] === 'string' ? data['status'] : 'unknown',
    checks: {
      postgres: readDependencyStatus((checks as Record<string, unknown>)['postgres']),
      redis: readDependencyStatus((checks as Record<string, unknown>)['redis']),
    },
    demoMode: data['demoMode'],
  };
}

/**
 * Fetches the server's health. Never rejects: the page works without it, so a failure just means "unknown" (null).
 */
export async function fetchHealth(signal?: AbortSignal): Promise<HealthReport | null> {
  try {
    const response = await quorumFetch('/api/health', { headers: { accept: 'application/json' }, signal: signal ?? null });
    return parseHealthResponse(await response.json());
  } catch {
    return null;
  }
}
