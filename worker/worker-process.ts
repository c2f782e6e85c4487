import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { QuorumConfig } from '../core/config/config.ts';
import { openDatabase } from '../core/database/open-database.ts';
import { RequestEventWriter } from '../core/events/request-event-writer.ts';
import { ANSWER_QUEUE_NAME, bullPrefix } from '../core/jobs/answer-jobs.ts';
import { createRedisConnection, waitUntilReady } from '../core/redis/redis-connection.ts';
import { loadModelCatalogue } from '../core/catalogue/model-catalogue.ts';
import { startAnswerWorker } from './answer-worker.ts';
import { CancellationListener } from './jobs/cancellation-listener.ts';
import { startDemoProviders } from './demo-mode.ts';
import { ProviderRegistry } from './providers/provider-registry.ts';
import { scheduleStaleRunSweeper } from './stale-run-sweeper.ts';

const SWEEP_INTERVAL_MS = 15_000;

export interface RunningWorkerProcess {
  engines: string[];
  close(graceMs?: number): Promise<void>;
}

/** Everything one worker process runs, built from configuration; `main.ts` adds signals, tests call it directly. */
export async function startWorkerProcess(config: QuorumConfig, logger: Logger): Promise<RunningWorkerProcess> {
  const demo = config.demoMode ? await startDemoProviders(config, logger) : undefined;
  const catalogue = loadModelCatalogue(config);
  const providers = new ProviderRegistry({
    catalogue,
    providers: demo?.providers ?? config.providers,
    localModels: config.localModels,
    requestTimeoutMs: config.worker.providerFirstTokenTimeoutMs,
  });
  if (providers.engines().length === 0) {
    logger.warn('no provider is configured with an API key; every run will fail until one is');
  }

  const orm = await openDatabase({
    databaseUrl: config.databaseUrl,
    logger,
    poolSize: config.databasePoolSize,
  });
  const redis = createRedisConnection(config.redis.url, 'worker', logger, 'quorum-worker-commands');
  const bullConnection = createRedisConnection(config.redis.url, 'worker', logger, 'quorum-worker-bullmq');
  await Promise.all([waitUntilReady(redis), waitUntilReady(bullConnection)]);

  const cancellations = new CancellationListener(
    createRedisConnection(config.redis.url, 'subscriber', logger, 'quorum-worker-cancellations'),
    config.redis.keyPrefix,
    logger,
  );
  const writer = new RequestEventWriter(redis, {
    keyPrefix: config.redis.keyPrefix,
    streamTtlSeconds: config.events.streamTtlSeconds,
    streamMaxEvents: config.events.streamMaxEvents,
  });
  const answerWorker = startAnswerWorker(
    {
      orm,
      redis,
      writer,
      providers,
      logger,
      keyPrefix: config.redis.keyPrefix,
      runLeaseMs: config.worker.runLeaseMs,
      providerTimeoutMs: config.worker.providerTimeoutMs,
      cancellations,
      attempts: {
        retry: { maxRetries: config.worker.providerMaxRetries, baseDelayMs: 500, maxDelayMs: 10_000 },
        firstTokenTimeoutMs: config.worker.providerFirstTokenTimeoutMs,
        idleTimeoutMs: config.worker.providerIdleTimeoutMs,
      },
    },
    { connection: bullConnection, keyPrefix: config.redis.keyPrefix, concurrency: config.worker.concurrency, logger },
  );
  const sweeperQueue = new Queue(ANSWER_QUEUE_NAME, { connection: redis, prefix: bullPrefix(config.redis.keyPrefix) });
  const stopSweeper = scheduleStaleRunSweeper(
    {
      orm,
      redis,
      queue: sweeperQueue,
      writer,
      logger,
      keyPrefix: config.redis.keyPrefix,
      runLeaseMs: config.worker.runLeaseMs,
      queueWaitTimeoutMs: config.server.queueWaitTimeoutMs,
    },
    SWEEP_INTERVAL_MS,
  );
  logger.info(
    { engines: providers.engines(), concurrency: config.worker.concurrency, demoMode: config.demoMode },
    'worker ready',
  );

  return {
    engines: providers.engines(),
    async close(graceMs = config.server.shutdownGraceMs) {
      stopSweeper();
      await answerWorker.close(graceMs);
      await sweeperQueue.close();
      await cancellations.close();
      await Promise.all([redis.quit().catch(() => undefined), bullConnection.quit().catch(() => undefined)]);
      await orm.close();
      await demo?.simulator.close();
    },
  };
}
