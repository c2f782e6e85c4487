import type { MikroORM } from '@mikro-orm/postgresql';
import { promptAttachmentsOf } from '../core/attachments/attachment-repository.ts';
import type { RedisClient } from '../core/redis/redis-client.ts';
import type { Logger } from 'pino';
import type { QuorumConfig } from '../core/config/config.ts';
import { openDatabase } from '../core/database/open-database.ts';
import { RequestEventWriter } from '../core/events/request-event-writer.ts';
import { openQueue } from '../core/jobs/queue-catalogue.ts';
import { createRedisConnection, waitUntilReady } from '../core/redis/redis-connection.ts';
import { loadModelCatalogue, type ModelCatalogue } from '../core/catalogue/model-catalogue.ts';
import { brandJudgeModel, type BrandJudgeModel } from '../core/brand/brand-judge-model.ts';
import { startAnswerWorker } from './answer-worker.ts';
import type { AnswerQuestionDependencies } from './jobs/answer-question-job.ts';
import { CoalescingPolicy } from './jobs/delta-coalescing-policy.ts';
import { CancellationListener } from './jobs/cancellation-listener.ts';
import { startDemoProviders } from './demo-mode.ts';
import { ProviderRegistry } from './providers/provider-registry.ts';
import { scheduleStaleRunSweeper } from './stale-run-sweeper.ts';
import { startLeaderboardWorker } from './leaderboard-worker.ts';
import { startTrackingWorker } from './tracking-worker.ts';
import { judgeBrandAnalysis } from './jobs/brand-judging.ts';
import type { ReanalysisJudge } from '../core/tracking/tracking-reanalysis.ts';
import { createMailer } from '../core/mail/mailer.ts';
import { announceRequestEnded } from '../core/tracking/tracking-run-finisher.ts';
import { startWorkerObservability } from './observability/worker-observability.ts';

const SWEEP_INTERVAL_MS = 15_000;
/** Arena leaderboards are refitted from every vote this often (and once when a worker starts). */
const LEADERBOARD_RECOMPUTE_MS = 5 * 60_000;
/** Tracking jobs admit prompts or record results, never wait on answers; a few at once is plenty. */
const TRACKING_CONCURRENCY = 4;

export interface RunningWorkerProcess {
  engines: string[];
  /** Where this worker answers `/metrics` and `/health/live`; undefined when WORKER_METRICS_PORT is 0 or taken. */
  metricsPort: number | undefined;
  close(graceMs?: number): Promise<void>;
}

/** The engines this worker can answer with: the configured providers, or the built-in simulator in demo mode. */
async function openProviders(config: QuorumConfig, logger: Logger) {
  const demo = config.demoMode ? await startDemoProviders(config, logger) : undefined;
  const catalogue = loadModelCatalogue(config);
  // Checked before anything connects: a judge the catalogue does not know stops the start.
  const judgeModel = brandJudgeModel(config, catalogue);
  logger.info({ brandJudge: judgeModel ? `${judgeModel.id} (${judgeModel.chosen})` : 'off' }, 'brand judge');
  const providers = new ProviderRegistry({
    catalogue,
    providers: demo?.providers ?? config.providers,
    localModels: config.localModels,
    requestTimeoutMs: config.worker.providerFirstTokenTimeoutMs,
  });
  if (providers.engines().length === 0) {
    logger.warn('no provider is configured with an API key; every run will fail until one is');
  }
  return { demo, catalogue, judgeModel, providers };
}

/** What answering one job needs, from configuration and the process's shared connections. */
function answerDependencies(
  config: QuorumConfig,
  logger: Logger,
  shared: {
    orm: MikroORM;
    redis: RedisClient;
    writer: RequestEventWriter;
    providers: ProviderRegistry;
    cancellations: CancellationListener;
    judgeModel: BrandJudgeModel | undefined;
    catalogue: ModelCatalogue;
  },
): AnswerQuestionDependencies {
  const { judgeModel, ...rest } = shared;
  return {
    ...rest,
    logger,
    keyPrefix: config.redis.keyPrefix,
    runLeaseMs: config.worker.runLeaseMs,
    coalescing: new CoalescingPolicy(config.events.coalescing),
    providerTimeoutMs: config.worker.providerTimeoutMs,
    brandJudge: judgeModel && { model: judgeModel, timeoutMs: config.brandJudge.timeoutMs },
    attempts: {
      retry: { maxRetries: config.worker.providerMaxRetries, baseDelayMs: 500, maxDelayMs: 10_000 },
    promptAttachments: (requestId) => promptAttachmentsOf(shared.orm.em.fork(), requestId),
      firstTokenTimeoutMs: config.worker.providerFirstTokenTimeoutMs,
      idleTimeoutMs: config.worker.providerIdleTimeoutMs,
    },
  };
}

/**
 * GEO tracking: scheduled runs admit their prompts like a person's comparison, onto the same answer queue, and mail
 * their alerts. Its own BullMQ connection, since a tracking job's blocking fetch must not hold up the answers'.
 */
async function startTracking(
  config: QuorumConfig,
  logger: Logger,
  shared: {
    orm: MikroORM;
    redis: RedisClient;
    writer: RequestEventWriter;
    catalogue: ModelCatalogue;
    /** The judge a re-analysis of a set's history may ask again; absent without one. */
    reanalysisJudge?: ReanalysisJudge | undefined;
  },
): Promise<{ close(): Promise<void> }> {
  const { orm, redis, writer, catalogue, reanalysisJudge } = shared;
  const connection = createRedisConnection(config.redis, 'worker', logger, 'quorum-worker-tracking');
  await waitUntilReady(connection);
  const answerQueue = openQueue('answers', redis, config.redis.keyPrefix);
  const mailer = createMailer({ smtpUrl: config.auth.smtpUrl, from: config.auth.mailFrom }, logger);
  const trackingWorker = await startTrackingWorker(
    {
      orm,
      admission: {
        orm,
        redis,
        keyPrefix: config.redis.keyPrefix,
        eventWriter: writer,
        answerQueue,
        catalogue,
        engineSettings: { demoMode: config.demoMode, providers: config.providers, localModels: config.localModels },
        queueWaitTimeoutMs: config.server.queueWaitTimeoutMs,
        providerTimeoutMs: config.worker.providerTimeoutMs,
        logger,
      },
      catalogue,
      mailer,
      logger,
      appSecret: config.appSecret,
      appUrl: config.server.appUrl,
      dayMs: config.tracking.dayMs,
      reanalysisJudge,
    },
    { connection, commands: redis, keyPrefix: config.redis.keyPrefix, concurrency: TRACKING_CONCURRENCY, logger },
  );
  return {
    async close() {
      await trackingWorker.close();
      await answerQueue.close();
      mailer.close();
      await connection.quit().catch(() => undefined);
    },
  };
}

/** The arena leaderboards, refitted on a schedule shared by every worker. */
async function startLeaderboards(config: QuorumConfig, logger: Logger, shared: { orm: MikroORM; catalogue: ModelCatalogue }) {
  const connection = createRedisConnection(config.redis, 'worker', logger, 'quorum-worker-leaderboards');
  await waitUntilReady(connection);
  const worker = await startLeaderboardWorker({
    ...shared,
    connection,
    keyPrefix: config.redis.keyPrefix,
    everyMs: LEADERBOARD_RECOMPUTE_MS,
    minBattles: config.arena.minBattles,
    logger,
  });
  return {
    async close() {
      await worker.close();
      await connection.quit().catch(() => undefined);
    },
  };
}

/** Everything one worker process runs, built from configuration; `main.ts` adds signals, tests call it directly. */
export async function startWorkerProcess(config: QuorumConfig, logger: Logger): Promise<RunningWorkerProcess> {
  const { demo, catalogue, judgeModel, providers } = await openProviders(config, logger);
  const orm = await openDatabase({ databaseUrl: config.databaseUrl, logger, poolSize: config.databasePoolSize });
  const redis = createRedisConnection(config.redis, 'worker', logger, 'quorum-worker-commands');
  const bullConnection = createRedisConnection(config.redis, 'worker', logger, 'quorum-worker-bullmq');
  await Promise.all([waitUntilReady(redis), waitUntilReady(bullConnection)]);

  const cancellations = new CancellationListener(
    createRedisConnection(config.redis, 'subscriber', logger, 'quorum-worker-cancellations'),
    config.redis.keyPrefix,
    logger,
  );
  const writer = new RequestEventWriter(redis, {
    keyPrefix: config.redis.keyPrefix,
    streamTtlSeconds: config.events.streamTtlSeconds,
    streamMaxEvents: config.events.streamMaxEvents,
  });
  // An answer that ends a tracking slot's last request queues the slot's finish: nothing polls for it.
  const trackingQueue = openQueue('tracking', redis, config.redis.keyPrefix);
  const dependencies = {
    ...answerDependencies(config, logger, { orm, redis, writer, providers, cancellations, judgeModel, catalogue }),
    onRequestEnded: (requestId: string) => announceRequestEnded(orm.em.fork(), trackingQueue, requestId),
  };
  const answerWorker = startAnswerWorker(dependencies, {
    connection: bullConnection,
    keyPrefix: config.redis.keyPrefix,
    concurrency: config.worker.concurrency,
    logger,
  });
  const observability = await startWorkerObservability({ config, logger, answerWorker: answerWorker.worker, commands: redis });
  const sweeperQueue = openQueue('answers', redis, config.redis.keyPrefix);
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
  // Re-analysing a set's history asks the same judge the answers were judged by, within its own time limit.
  const { brandJudge } = dependencies;
  const reanalysisJudge: ReanalysisJudge | undefined =
    brandJudge && ((runId, answer, analysis) => judgeBrandAnalysis(dependencies, brandJudge, runId, answer, analysis, new AbortController().signal));
  const tracking = await startTracking(config, logger, { orm, redis, writer, catalogue, reanalysisJudge });
  const leaderboards = await startLeaderboards(config, logger, { orm, catalogue });
  // Last: the answer jobs are taken only by a worker with nothing left to start.
  answerWorker.takeJobs();
  logger.info(
    { engines: providers.engines(), concurrency: config.worker.concurrency, demoMode: config.demoMode },
    'worker ready',
  );

  return {
    engines: providers.engines(),
    metricsPort: observability.metricsPort,
    async close(graceMs = config.server.shutdownGraceMs) {
      stopSweeper();
      await observability.close();
      await leaderboards.close();
      await tracking.close();
      await answerWorker.close(graceMs);
      await sweeperQueue.close();
      await trackingQueue.close();
      await cancellations.close();
      await Promise.all([redis.quit().catch(() => undefined), bullConnection.quit().catch(() => undefined)]);
      await orm.close();
      await demo?.simulator.close();
    },
  };
}
