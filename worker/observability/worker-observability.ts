import type { Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { QuorumConfig } from '../../core/config/index.ts';
import type { QueueHandles } from '../../core/jobs/index.ts';
import { startMetricsListener } from './metrics-listener.ts';
import { workerMetrics } from './worker-metrics.ts';

export interface WorkerObservability {
  metricsPort: number | undefined;
  close(): Promise<void>;
}

/**
 * Wires one worker process into its metrics: how long each answer job waited (BullMQ's `active` event, when a
 * partition's worker takes it), the depth of every queue (the process's own handles, every partition counted), and
 * the small listener Prometheus scrapes (WORKER_METRICS_PORT).
 */
export async function startWorkerObservability(options: { config: QuorumConfig; logger: Logger; answerWorkers: readonly Worker[]; queues: QueueHandles }): Promise<WorkerObservability> {
  const { config, logger, answerWorkers, queues } = options;
  const unwatch = queues.all().map((queue) => workerMetrics.watchQueue(queue));
  const onJobStarted = (job: Parameters<typeof workerMetrics.jobStarted>[0]) => workerMetrics.jobStarted(job);
  for (const worker of answerWorkers) worker.on('active', onJobStarted);
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
      for (const worker of answerWorkers) worker.off('active', onJobStarted);
      for (const stop of unwatch) stop();
      await listener.close();
    },
  };
}
