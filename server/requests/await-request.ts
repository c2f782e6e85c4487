import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors/app-error.ts';
import { watchRequest, type WatchedRun, type WatchServices } from '../streaming/watch-request.ts';
import { requestResults, type RunResult } from '../../core/requests/request-results.ts';

/**
 * For the non-streaming endpoints: waits until every run of the request has ended and returns their results.
 * If the caller hangs up first, the answers still finish and land in their history.
 */
export async function awaitRequest(services: WatchServices, request: FastifyRequest, requestId: string, runs: WatchedRun[]): Promise<RunResult[]> {
  const stop = new AbortController();
  request.raw.on('close', () => stop.abort());
  for await (const _event of watchRequest(services, { requestId, runs, signal: stop.signal, logger: request.log })) {
    // Only the end matters here; the events are for streams.
  }
  if (stop.signal.aborted) throw new AppError('SERVICE_UNAVAILABLE', 'The connection closed before the answer was ready.');
  return requestResults(services.orm.em.fork(), requestId);
}
