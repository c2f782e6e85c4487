import { OPEN_MODEL_RUN_STATUSES, type ModelRun } from '../database/index.ts';
import { runCancellationChannel } from '../jobs/index.ts';
import { failRunAndAnnounce, runFailure } from '../runs/index.ts';
import { AppError } from '../errors/index.ts';
import type { RequestCoreServices } from './request-services.ts';

export type StopServices = Pick<RequestCoreServices, 'orm' | 'redis' | 'keyPrefix' | 'eventWriter' | 'answerQueue'>;

/**
 * The runs a stop names among a request's runs; all of them when it names none. A name that is not one of the
 * request's runs gets the same 404 as an unknown request, so run ids cannot be probed through someone's request.
 */
export function runsToStop(runs: ModelRun[], runIds: readonly string[] | undefined): ModelRun[] {
  if (runIds === undefined || runIds.length === 0) return runs;
  const byId = new Map(runs.map((run) => [run.id, run]));
  const named = new Set<ModelRun>();
  for (const runId of runIds) {
    const run = byId.get(runId);
    if (!run) throw new AppError('NOT_FOUND', 'Run not found');
    named.add(run);
  }
  return [...named];
}

/**
 * Stops the given runs that are still answering: ends each one (so its hold is released and it is never charged),
 * announces that in the request's stream, and tells the worker holding it to abort its provider call. Runs that
 * already ended keep their answers and charges. Returns how many were stopped here.
 */
export async function stopRuns(services: StopServices, runs: ModelRun[]): Promise<number> {
  let stopped = 0;
  for (const run of runs.filter((candidate) => OPEN_MODEL_RUN_STATUSES.includes(candidate.status))) {
    // A job still waiting is simply taken back; a running one is told to stop.
    await services.answerQueue.remove(run.id).catch(() => 0);
    if (!(await failRunAndAnnounce(services.orm.em.fork(), services.eventWriter, run.id, runFailure('CANCELLED')))) continue;
    stopped += 1;
    await services.redis.publish(runCancellationChannel(services.keyPrefix), run.id);
  }
  return stopped;
}
