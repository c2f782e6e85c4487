import type { HealthData } from '../../../contract/health.ts';
import { readEnvelopeData } from './api-envelope.ts';
import { quorumFetch } from './anonymous-session.ts';
import { HTTP_TIMEOUT_MS } from './http-client.ts';

/** `GET /api/health`; `demoMode`: the server answers from its built-in simulator (no provider API key). */
export type HealthReport = HealthData;

/**
 * Reads `GET /api/health`, which answers with the same body (and `success: false`) when a dependency is down. A
 * body without `demoMode` is not a health report (a proxy's error page, say).
 */
export function parseHealthResponse(body: unknown): HealthReport | null {
  const data = readEnvelopeData(body);
  return data && typeof data['demoMode'] === 'boolean' ? (data as HealthReport) : null;
}

/** A health check that has not answered by then is given up, like any other call. */
export const HEALTH_TIMEOUT_MS = HTTP_TIMEOUT_MS;

export interface HealthCheckOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Where to ask; the page's own server unless a test points elsewhere. */
  url?: string;
}

/**
 * Fetches the server's health. Never rejects: the page works without it, so a failure, or no answer within the
 * timeout, just means "unknown" (null). A server that hangs would otherwise leave the footer checking forever.
 */
export async function fetchHealth({ signal, timeoutMs = HEALTH_TIMEOUT_MS, url = '/api/health' }: HealthCheckOptions = {}): Promise<HealthReport | null> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await quorumFetch(url, {
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    return parseHealthResponse(await response.json());
  } catch {
    return null;
  }
}
