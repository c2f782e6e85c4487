/**
 * The HTTP status for a model that failed before answering (a whole answer, or a stream that had not begun): the
 * fault is upstream, so 502, except where a more precise one exists. The failed answer cost nothing.
 */
export function modelFailureStatus(code: string): number {
  if (code === 'RATE_LIMIT_ERROR') return 429;
  if (code === 'TIMEOUT_ERROR' || code === 'QUEUE_TIMEOUT') return 504;
  if (code === 'SERVICE_UNAVAILABLE' || code === 'SERVER_RESTARTING' || code === 'WORKER_SHUTDOWN') return 503;
  if (code === 'PROVIDER_REJECTED') return 400;
  return 502;
}
