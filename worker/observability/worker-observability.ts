import type { Worker } from 'bullmq';
import type { RedisClient } from '../../core/redis/redis-client.ts';
import type { Logger } from 'pino';
import type { QuorumConfig } from '../../core/config/config.ts';
import { QUEUE_CATALOGUE, openQueue, type QueueKind } from '../../core/jobs/queue-catalogue.ts';
import { startMetricsListener } from './metrics-listener.ts';
import { workerMetrics } from './worker-metrics.ts';

/** Every BullMQ queue Quorum uses; their depths are reported by the workers, which consume them. */
export const OBSERVED_QUEUES = Object.keys(QUEUE_CATALOGUE) as QueueKind[];

export interface WorkerObservability {
  metricsPort: number | undefined;
  close(): Promise<void>;
}

/**
 * Wires one worker process into its metrics: how long each answer job waited (BullMQ's `active` event, when the
 * worker takes it), the depth of every queue, and the small listener Prometheus scrapes (WORKER_METRICS_PORT).
 */
export async function startWorkerObservability(options: { config: QuorumConfig; logger: Logger; answerWorker: Worker; commands: RedisClient }): Promise<WorkerObservability> {
  const { config, logger, answerWorker, commands } = options;
  const queues = OBSERVED_QUEUES.map((kind) => openQueue(kind, commands, config.redis.keyPrefix));
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
