/**
 * Recognises "a dependency is down" errors from pg, MikroORM and ioredis: the server then answers a 503 that says
 * to try again later instead of a generic 500, and the worker holds a finished answer until Postgres is back.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
  '53300', // too_many_connections
]);

const UNAVAILABLE_MESSAGES = [
  /enableOfflineQueue/i,
  /Connection is closed/i,
  /Connection terminated/i,
  /connect ECONNREFUSED/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Redis is not ready/i,
  // ioredis's `commandTimeout`: no reply came (a link that died silently).
  /^Command timed out$/,
];

export function isInfrastructureUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const candidate = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  if (typeof candidate.code === 'string' && UNAVAILABLE_CODES.has(candidate.code)) return true;
  if (candidate.name === 'ConnectionException') return true;
  if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(candidate.message as string))) {
    return true;
  }
  if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isInfrastructureUnavailable(inner, depth + 1))) {
    return true;
  }
  return isInfrastructureUnavailable(candidate.cause, depth + 1);
}
