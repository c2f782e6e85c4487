import { Queue, type Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { QuorumConfig } from '../../core/config/config.ts';
import { ANSWER_QUEUE_NAME, bullPrefix } from '../../core/jobs/answer-jobs.ts';
import { TRACKING_QUEUE_NAME } from '../../core/tracking/tracking-jobs.ts';
import { LEADERBOARD_QUEUE_NAME } from '../leaderboard-worker.ts';
import { startMetricsListener } from './metrics-listener.ts';
import { workerMetrics } from './worker-metrics.ts';

/** Every BullMQ queue Quorum uses; their depths are reported by the workers, which consume them. */
export const OBSERVED_QUEUE_NAMES = [ANSWER_QUEUE_NAME, TRACKING_QUEUE_NAME, LEADERBOARD_QUEUE_NAME] as const;

export interface WorkerObservability {
  metricsPort: number | undefined;
  close(): Promise<void>;
}

/**
 * Wires one worker process into its metrics: how long each answer job waited (BullMQ's `active` event, when the
 * worker takes it), the depth of every queue, and the small listener Prometheus scrapes (WORKER_METRICS_PORT).
 */
export async function startWorkerObservability(options: { config: QuorumConfig; logger: Logger; answerWorker: Worker; commands: Redis }): Promise<WorkerObservability> {
  const { config, logger, answerWorker, commands } = options;
  const queues = OBSERVED_QUEUE_NAMES.map((name) => new Queue(name, { connection: commands, prefix: bullPrefix(config.redis.keyPrefix) }));
  const unwatch = queues.map((queue) => workerMetrics.watchQueue(queue));
  const onJobStarted = (job: Parameters<typeof workerMetrics.jobStarted>[0]) => workerMetrics.jobStarted(job);
  answerWorker.on('active', onJobStarted);
  const listener = await startMetricsListener({
    port: config.operations.workerMetricsPort,
    host: config.server.host,
    token: config.operations.metricsToken,
    registry: workerMetrics.registry,
    logger,
  });
  return {
    metricsPort: listener.port,
    async close() {
      answerWorker.off('active', onJobStarted);
      for (const stop of unwatch) stop();
      await listener.close();
      await Promise.all(queues.map((queue) => queue.close().catch(() => undefined)));
    },
  };
}
