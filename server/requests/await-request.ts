import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors/index.ts';
import { watchRequest, type WatchedRun, type WatchServices } from '../streaming/watch-request.ts';
import { requestResults, type RunResult } from '../../core/requests/index.ts';

/**
 * For the non-streaming endpoints: waits until every run of the request has ended and returns their results.
 * If the caller hangs up first, the answers still finish and land in their history. With `waitMs`, the wait is
 * bounded: when it runs out, the results are returned as they stand (runs still answering keep going, and read as
 * neither succeeded nor failed).
 */
export async function awaitRequest(
  services: WatchServices,
  request: FastifyRequest,
  requestId: string,
  runs: WatchedRun[],
  options: { waitMs?: number } = {},
): Promise<RunResult[]> {
  const stop = new AbortController();
  const left = new AbortController();
  request.raw.on('close', () => {
    left.abort();
    stop.abort();
  });
  const timer = options.waitMs === undefined ? undefined : setTimeout(() => stop.abort(), options.waitMs);
  try {
    for await (const _event of watchRequest(services, { requestId, runs, signal: stop.signal, logger: request.log })) {
      // Only the end matters here; the events are for streams.
    }
  } finally {
    clearTimeout(timer);
  }
  if (left.signal.aborted) throw new AppError('SERVICE_UNAVAILABLE', 'The connection closed before the answer was ready.');
  return requestResults(services.orm.em.fork(), requestId);
}
