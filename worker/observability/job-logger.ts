import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { AnswerJobData } from '../../core/jobs/index.ts';

/**
 * The job's own dependencies, whose logger stamps every line with the HTTP request id that asked (`reqId`, the
 * same the server logged), the question (`requestId`) and the model's run (`runId`), so one grep follows a
 * question from the server through the worker. Jobs no HTTP request asked for (GEO tracking) have no `reqId`.
 */
export function withJobLogger<Dependencies extends { logger: Logger }>(dependencies: Dependencies, job: Pick<Job<AnswerJobData>, 'data'>): Dependencies {
  const { reqId, requestId, runId } = job.data;
  return { ...dependencies, logger: dependencies.logger.child({ ...(reqId ? { reqId } : {}), requestId, runId }) };
}
