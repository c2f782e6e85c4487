import type { Job } from 'bullmq';
import {
  type JobDataByName,
  type JobNameOf,
  JOBS_BY_QUEUE,
  QUEUE_CATALOGUE,
  type QueueJobData,
  type QueueKind,
} from '../core/jobs/index.ts';

/** One handler per job name of a queue, each given the data its name carries. */
export type JobHandlers<K extends QueueKind> = {
  [N in JobNameOf<K>]: (data: JobDataByName[N], job: Job<JobDataByName[N], string>) => Promise<string>;
};

/** A job of a queue, narrowed by its name to the data that name carries. */
export function isJobNamed<N extends keyof JobDataByName>(job: Job | undefined, name: N): job is Job<JobDataByName[N], string> {
  return job?.name === name;
}

/**
 * The processor a BullMQ worker runs for one queue. The handlers must cover exactly the queue's job names in the
 * registry: checked here, as the process starts, so a handler forgotten or left over stops the start with a message
 * rather than failing jobs later. A job whose name the registry does not list fails with its name.
 */
export function jobProcessor<K extends QueueKind>(kind: K, handlers: JobHandlers<K>): (job: Job<QueueJobData<K>, string>) => Promise<string> {
  const expected: readonly string[] = JOBS_BY_QUEUE[kind];
  const given = Object.keys(handlers);
  const missing = expected.filter((name) => !given.includes(name));
  const unknown = given.filter((name) => !expected.includes(name));
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(
      `The ${QUEUE_CATALOGUE[kind].name} queue's handlers do not match its jobs: ` +
        `${missing.length > 0 ? `no handler for ${missing.join(', ')}` : ''}${missing.length > 0 && unknown.length > 0 ? '; ' : ''}` +
        `${unknown.length > 0 ? `no such job as ${unknown.join(', ')}` : ''}`,
    );
  }
  const byName = handlers as unknown as Record<string, (data: unknown, job: Job) => Promise<string>>;
  return async (job) => {
    const handle = Object.hasOwn(byName, job.name) ? byName[job.name] : undefined;
    if (!handle) throw new Error(`Unknown job ${job.name} in ${QUEUE_CATALOGUE[kind].name}`);
    return handle(job.data, job);
  };
}
