import type { ConnectionOptions, Job, JobsOptions, JobState, Queue } from 'bullmq';
import type { AnswerJobData } from './answer-jobs.ts';
import { openPlacedQueue } from './queue-catalogue.ts';
import { partitionOfJob, queuePlacements, type QueuePlacement } from './queue-partitions.ts';

/** An answer job as it is added: its id is its run's id, which also picks its partition. */
export interface AnswerJobToAdd {
  name: string;
  data: AnswerJobData;
  opts: JobsOptions & { jobId: string };
}

/**
 * The answer queue, as one handle over its partitions (`queue-partitions.ts`): producers add, and cancellation and
 * the liveness check find a job, by run id alone, without knowing there are partitions. A job goes to the partition
 * its id hashes to. A job looked for and not found there is looked for in the other partitions too, since a job
 * queued before the partition count changed may sit in another (docs/scaling.md says how to change it).
 */
export class AnswerQueue {
  /** One BullMQ queue per partition, in partition order: what workers, metrics and the dashboard walk. */
  readonly partitions: readonly Queue<AnswerJobData>[];
  /** Each partition's queue name and key prefix, in the same order: what a worker opens its BullMQ workers with. */
  readonly placements: readonly QueuePlacement[];

  constructor(connection: ConnectionOptions, keyPrefix: string, partitionCount: number) {
    this.placements = queuePlacements('answers', keyPrefix, partitionCount);
    this.partitions = this.placements.map((placement) => openPlacedQueue({ ...placement, kind: 'answers' }, connection));
  }

  /** The partition a job of this id is added to. */
  partitionFor(jobId: string): Queue<AnswerJobData> {
    return this.partitions[partitionOfJob(jobId, this.partitions.length)]!;
  }

  add(name: string, data: AnswerJobData, opts: AnswerJobToAdd['opts']): Promise<Job<AnswerJobData>> {
    return this.partitionFor(opts.jobId).add(name, data, opts);
  }

  /** A request's jobs, each in its partition: one bulk add per partition, the partitions at once. */
  async addBulk(jobs: readonly AnswerJobToAdd[]): Promise<Job<AnswerJobData>[]> {
    const byPartition = new Map<Queue<AnswerJobData>, AnswerJobToAdd[]>();
    for (const job of jobs) {
      const queue = this.partitionFor(job.opts.jobId);
      byPartition.set(queue, [...(byPartition.get(queue) ?? []), job]);
    }
    const added = await Promise.all([...byPartition].map(([queue, group]) => queue.addBulk(group)));
    return added.flat();
  }

  /** Where the job stands, from the partition that holds it; `unknown` when none does. */
  async getJobState(jobId: string): Promise<JobState | 'unknown'> {
    const found = await this.find(jobId);
    return found?.state ?? 'unknown';
  }

  /**
   * Takes a job out of the partition holding it, answering as BullMQ's `remove` does (0 when a worker holds the job's
   * lock). A job no partition holds is removed from its own partition, which answers for a missing job as before.
   */
  async remove(jobId: string): Promise<number> {
    if (this.partitions.length === 1) return this.partitions[0]!.remove(jobId);
    const found = await this.find(jobId);
    return (found?.queue ?? this.partitionFor(jobId)).remove(jobId);
  }

  /** Jobs waiting or delayed, over every partition (BullMQ's `count`). */
  async count(): Promise<number> {
    const counts = await Promise.all(this.partitions.map((queue) => queue.count()));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** Empties every partition (tests and operators starting afresh). */
  async obliterate(options?: { force?: boolean }): Promise<void> {
    await Promise.all(this.partitions.map((queue) => queue.obliterate(options)));
  }

  on(event: 'error', listener: (error: Error) => void): void {
    for (const queue of this.partitions) queue.on(event, listener);
  }

  async close(): Promise<void> {
    await Promise.all(this.partitions.map((queue) => queue.close()));
  }

  /** The partition holding the job, its own first. */
  private async find(jobId: string): Promise<{ queue: Queue<AnswerJobData>; state: JobState } | undefined> {
    const home = this.partitionFor(jobId);
    for (const queue of [home, ...this.partitions.filter((other) => other !== home)]) {
      const state = await queue.getJobState(jobId);
      if (state !== 'unknown') return { queue, state };
    }
    return undefined;
  }
}
