import type { MikroORM } from '@mikro-orm/postgresql';
import { promptAttachmentsOf } from '../core/attachments/index.ts';
import type { RedisClient } from '../core/redis/index.ts';
import type { Logger } from 'pino';
import type { QuorumConfig } from '../core/config/index.ts';
import { closeDatabase, openDatabase } from '../core/database/index.ts';
import { RequestEventWriter } from '../core/events/index.ts';
import { openQueueHandles, type QueueHandles } from '../core/jobs/index.ts';
import { hashSlot, RedisConnections } from '../core/redis/index.ts';
import { loadModelCatalogue, type ModelCatalogue } from '../core/catalogue/index.ts';
import { brandJudgeModel, type BrandJudgeModel } from '../core/brand/index.ts';
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
import type { ReanalysisJudge } from '../core/tracking/index.ts';
import { createMailer } from '../core/mail/index.ts';
import { announceRequestEnded } from '../core/tracking/index.ts';
import { startWorkerObservability } from './observability/worker-observability.ts';
import { ShutdownSteps } from '../core/process/index.ts';

const SWEEP_INTERVAL_MS = 15_000;
/** Arena leaderboards are refitted from every vote this often (and once when a worker starts). */
const LEADERBOARD_RECOMPUTE_MS = 5 * 60_000;
/** Tracking jobs admit prompts or record results, never wait on answers; a few at once is plenty. */
const TRACKING_CONCURRENCY = 4;

export interface RunningWorkerProcess {
  engines: string[];
  /** Where this worker answers `/metrics` and `/health/live`; undefined when WORKER_METRICS_PORT is 0 or taken. */
  metricsPort: number | undefined;
  /** The Redis connections the process holds, by role (`core/redis/redis-connections.ts`), as logged at start. */
  redisConnections(): Record<string, number>;
  close(graceMs?: number): Promise<void>;
  /** The step of `close` running now and for how long (undefined when not closing): what a slow shutdown waits on. */
  closingStep(): string | undefined;
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
    promptAttachments: (requestId) => promptAttachmentsOf(shared.orm.em.fork(), requestId),
    attempts: {
      retry: { maxRetries: config.worker.providerMaxRetries, baseDelayMs: 500, maxDelayMs: 10_000 },
      firstTokenTimeoutMs: config.worker.providerFirstTokenTimeoutMs,
      idleTimeoutMs: config.worker.providerIdleTimeoutMs,
    },
  };
}

/**
 * GEO tracking: scheduled runs admit their prompts like a person's comparison, onto the same answer queue, and mail
 * their alerts. Its BullMQ worker shares the process's BullMQ connection (its blocking fetch has a copy of its own).
 */
async function startTracking(
  config: QuorumConfig,
  logger: Logger,
  shared: {
    orm: MikroORM;
    redis: RedisClient;
    bullConnection: RedisClient;
    queues: QueueHandles;
    writer: RequestEventWriter;
    catalogue: ModelCatalogue;
    /** The judge a re-analysis of a set's history may ask again; absent without one. */
    reanalysisJudge?: ReanalysisJudge | undefined;
  },
): Promise<{ close(): Promise<void> }> {
  const { orm, redis, bullConnection, queues, writer, catalogue, reanalysisJudge } = shared;
  const mailer = createMailer({ smtpUrl: config.auth.smtpUrl, from: config.auth.mailFrom }, logger);
  const trackingWorker = await startTrackingWorker(
    {
      orm,
      admission: {
        orm,
        redis,
        keyPrefix: config.redis.keyPrefix,
        eventWriter: writer,
        answerQueue: queues.answers,
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
    { connection: bullConnection, queue: queues.tracking, keyPrefix: config.redis.keyPrefix, concurrency: TRACKING_CONCURRENCY, logger },
  );
  return {
    async close() {
      await trackingWorker.close();
      mailer.close();
    },
  };
}

/** The arena leaderboards, refitted on a schedule shared by every worker. */
async function startLeaderboards(
  config: QuorumConfig,
  logger: Logger,
  shared: { orm: MikroORM; catalogue: ModelCatalogue; bullConnection: RedisClient; queues: QueueHandles },
) {
  const { bullConnection, queues, ...rest } = shared;
  const worker = await startLeaderboardWorker({
    ...rest,
    connection: bullConnection,
    queue: queues.leaderboards,
    keyPrefix: config.redis.keyPrefix,
    everyMs: LEADERBOARD_RECOMPUTE_MS,
    minBattles: config.arena.minBattles,
    logger,
  });
  return { close: () => worker.close() };
}

/** Everything one worker process runs, built from configuration; `main.ts` adds signals, tests call it directly. */
export async function startWorkerProcess(config: QuorumConfig, logger: Logger): Promise<RunningWorkerProcess> {
  const { demo, catalogue, judgeModel, providers } = await openProviders(config, logger);
  const orm = await openDatabase({ databaseUrl: config.databaseUrl, logger, poolSize: config.databasePoolSize, applicationName: 'quorum-worker' });
  // Every Redis connection of the process, by role (core/redis/redis-connections.ts), and one queue handle per kind.
  const connections = new RedisConnections(config.redis, 'worker', logger);
  const [redis, bullConnection] = await Promise.all([connections.connectReady('commands'), connections.connectReady('bullmq')]);
  const queues = openQueueHandles(redis, config.redis);

  const cancellations = new CancellationListener(connections.connect('cancellations'), config.redis.keyPrefix, logger);
  const writer = new RequestEventWriter(redis, {
    keyPrefix: config.redis.keyPrefix,
    streamTtlSeconds: config.events.streamTtlSeconds,
    streamMaxEvents: config.events.streamMaxEvents,
  });
  // An answer that ends a tracking slot's last request queues the slot's finish: nothing polls for it. The sweeper
  // tells it too, for an answer whose worker died.
  const onRequestEnded = (requestId: string) => announceRequestEnded(orm.em.fork(), queues.tracking, requestId);
  const dependencies = {
    ...answerDependencies(config, logger, { orm, redis, writer, providers, cancellations, judgeModel, catalogue }),
    onRequestEnded,
  };
  const answerWorker = startAnswerWorker(dependencies, {
    connection: bullConnection,
    queue: queues.answers,
    concurrency: config.worker.concurrency,
    logger,
  });
  const observability = await startWorkerObservability({ config, logger, answerWorkers: answerWorker.workers, queues });
  const stopSweeper = scheduleStaleRunSweeper(
    {
      orm,
      redis,
      queue: queues.answers,
      writer,
      logger,
      keyPrefix: config.redis.keyPrefix,
      runLeaseMs: config.worker.runLeaseMs,
      queueWaitTimeoutMs: config.server.queueWaitTimeoutMs,
      onRequestEnded,
    },
    SWEEP_INTERVAL_MS,
  );
  // Re-analysing a set's history asks the same judge the answers were judged by, within its own time limit.
  const { brandJudge } = dependencies;
  const reanalysisJudge: ReanalysisJudge | undefined =
    brandJudge && ((runId, answer, analysis) => judgeBrandAnalysis(dependencies, brandJudge, runId, answer, analysis, new AbortController().signal));
  const tracking = await startTracking(config, logger, { orm, redis, bullConnection, queues, writer, catalogue, reanalysisJudge });
  const leaderboards = await startLeaderboards(config, logger, { orm, catalogue, bullConnection, queues });
  // Last: the answer jobs are taken only by a worker with nothing left to start.
  answerWorker.takeJobs();
  logger.info(
    {
      engines: providers.engines(),
      concurrency: config.worker.concurrency,
      // Each partition's hash slot: on a cluster, CLUSTER SLOTS says which master holds it.
      answerPartitionSlots: Object.fromEntries(queues.answers.placements.map((placement) => [placement.name, hashSlot(placement.prefix)])),
      demoMode: config.demoMode,
      redisConnections: connections.counts(),
    },
    'worker ready',
  );

  const shutdown = new ShutdownSteps(logger, 'worker');
  return {
    engines: providers.engines(),
    metricsPort: observability.metricsPort,
    redisConnections: () => connections.counts(),
    async close(graceMs = config.server.shutdownGraceMs) {
      stopSweeper();
      await shutdown.run('metrics listener', () => observability.close());
      await shutdown.run('leaderboard worker', () => leaderboards.close());
      await shutdown.run('tracking worker', () => tracking.close());
      await shutdown.run('answer workers', () => answerWorker.close(graceMs));
      await shutdown.run('queue handles', () => queues.close());
      await shutdown.run('cancellation listener', () => cancellations.close());
      await shutdown.run('redis connections', () => connections.closeAll());
      await shutdown.run('database pool', () => closeDatabase(orm, logger));
      await shutdown.run('demo simulator', () => demo?.simulator.close());
    },
    closingStep: () => shutdown.current(),
  };
}
