import path from 'node:path';
import { ConfigurationError, EnvironmentReader, type Environment } from './environment-readers.ts';
import { dataFilePath, PROJECT_ROOT } from './project-files.ts';
import { DEMO_MODE_CHOICES, ENVIRONMENTS, LOG_LEVELS, MAX_ANSWER_QUEUE_PARTITIONS, PROVIDER_IDS, type QuorumConfig } from './config-shape.ts';
import {
  readAppSecret,
  readBrandJudgeModel,
  readLocalModels,
  readMeasurementId,
  readOperations,
  readPayments,
  readProviders,
  readRedisClusterNodes,
  readSocialLinks,
  readTrustProxy,
} from './config-sections.ts';

export { ConfigurationError } from './environment-readers.ts';
export { PROJECT_ROOT } from './project-files.ts';
export * from './config-shape.ts';

/**
 * Reads and validates the server's and worker's environment variables, once, at start; the result is passed to
 * whatever needs it. (Only the opt-in stage trace and the stand-alone MCP bridge read `process.env` on their own.)
 * All problems are reported together, each naming its variable, so a misconfigured deployment fails on its first
 * start with one readable message.
 */
export function loadConfig(environment: Environment = process.env): QuorumConfig {
  const read = new EnvironmentReader(environment);
  const nodeEnvironment = read.oneOf('NODE_ENV', ENVIRONMENTS, 'development');

  const providers = readProviders(read);
  const demoModeChoice = read.oneOf('DEMO_MODE', DEMO_MODE_CHOICES, 'auto');
  const anyProviderKey = PROVIDER_IDS.some((id) => providers[id].apiKey !== undefined);
  const port = read.integer('PORT', 3000, { min: 0, max: 65_535 });

  const config: QuorumConfig = {
    environment: nodeEnvironment,
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnvironment === 'test' ? 'warn' : 'info'),
    server: {
      host: read.string('HOST', '127.0.0.1'),
      port,
      // Follows PORT unless set, so a second server on another port links to itself in its mails.
      appUrl: read.url('APP_URL', `http://localhost:${port || 3000}`, ['http:', 'https:']),
      clientDistDirectory: path.resolve(PROJECT_ROOT, read.string('CLIENT_DIST_DIR', 'dist/client')),
      shutdownGraceMs: read.integer('SHUTDOWN_GRACE_MS', 10_000, { min: 0, max: 600_000 }),
      queueWaitTimeoutMs: read.integer('QUEUE_WAIT_TIMEOUT_MS', 120_000, { min: 1_000, max: 3_600_000 }),
    },
    databaseUrl: read.url('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/quorum', ['postgres:', 'postgresql:']),
    databasePoolSize: read.integer('DATABASE_POOL_SIZE', 20, { min: 1, max: 500 }),
    redis: {
      url: read.url('REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
      keyPrefix: read.string('REDIS_KEY_PREFIX', 'quorum'),
      clusterNodes: readRedisClusterNodes(read),
      answerQueuePartitions: read.integer('ANSWER_QUEUE_PARTITIONS', 1, { min: 1, max: MAX_ANSWER_QUEUE_PARTITIONS }),
    },
    ...readAppSecret(read, nodeEnvironment),
    worker: {
      concurrency: read.integer('WORKER_CONCURRENCY', 32, { min: 1, max: 1_000 }),
      runLeaseMs: read.integer('RUN_LEASE_MS', 10_000, { min: 1_000, max: 600_000 }),
      providerTimeoutMs: read.integer('PROVIDER_TIMEOUT_MS', 300_000, { min: 1_000, max: 3_600_000 }),
      providerFirstTokenTimeoutMs: read.integer('PROVIDER_FIRST_TOKEN_TIMEOUT_MS', 90_000, { min: 100, max: 3_600_000 }),
      providerIdleTimeoutMs: read.integer('PROVIDER_IDLE_TIMEOUT_MS', 30_000, { min: 100, max: 3_600_000 }),
      providerMaxRetries: read.integer('PROVIDER_MAX_RETRIES', 2, { min: 0, max: 10 }),
    },
    events: {
      streamTtlSeconds: read.integer('EVENT_STREAM_TTL_SECONDS', 3_600, { min: 60, max: 7 * 86_400 }),
      streamMaxEvents: read.integer('EVENT_STREAM_MAX_EVENTS', 20_000, { min: 100, max: 1_000_000 }),
      coalescing: {
        maxWindowMs: read.integer('CHUNK_COALESCING_MAX_MS', 50, { min: 0, max: 1_000 }),
        loadDeltasPerSecond: read.integer('CHUNK_COALESCING_LOAD_PER_SECOND', 4_000, { min: 0, max: 10_000_000 }),
      },
    },
    streaming: {
      stalledClientMs: read.integer('STREAM_STALLED_CLIENT_MS', 30_000, { min: 100, max: 3_600_000 }),
      openPerPerson: read.integer('OPEN_STREAMS_PER_PERSON', 24, { min: 1, max: 1_000_000 }),
      openPerAddress: read.integer('OPEN_STREAMS_PER_IP', 96, { min: 1, max: 1_000_000 }),
    },
    tracking: { dayMs: read.integer('TRACKING_DAY_MS', 86_400_000, { min: 500, max: 86_400_000 }) },
    demoMode: demoModeChoice === 'on' || (demoModeChoice === 'auto' && !anyProviderKey),
    simulatorChunkDelayMs: read.integer('SIMULATOR_CHUNK_DELAY_MS', 25, { min: 0, max: 10_000 }),
    providers,
    localModels: readLocalModels(read),
    catalogueFile: dataFilePath(read.string('MODEL_CATALOGUE_FILE', 'core/catalogue/model-catalogue.json')),
    trustProxy: readTrustProxy(read),
    payments: readPayments(read),
    site: {
      supportEmail: read.string('SUPPORT_EMAIL', 'support@quorum.example'),
      legalEmail: read.string('LEGAL_EMAIL', 'legal@quorum.example'),
      analyticsMeasurementId: readMeasurementId(read),
      socialLinks: readSocialLinks(read),
    },
    auth: {
      smtpUrl: read.optionalUrl('SMTP_URL', ['smtp:', 'smtps:']),
      mailFrom: read.string('MAIL_FROM', 'Quorum <no-reply@quorum.local>'),
      googleClientId: read.optionalString('GOOGLE_CLIENT_ID'),
      googleJwksUrl: read.url('GOOGLE_JWKS_URL', 'https://www.googleapis.com/oauth2/v3/certs', ['http:', 'https:']),
      sessionIdleHours: read.integer('SESSION_IDLE_HOURS', 168, { min: 1, max: 24 * 365 }),
      sessionMaxDays: read.integer('SESSION_MAX_DAYS', 30, { min: 1, max: 365 }),
      sessionCacheMs: read.integer('SESSION_CACHE_MS', 30_000, { min: 0, max: 3_600_000 }),
      rateLimitScale: read.integer('AUTH_RATE_LIMIT_SCALE', 1, { min: 1, max: 10_000 }),
    },
    asking: {
      perAskerPerMinute: read.integer('ASK_RATE_LIMIT_PER_MINUTE', 30, { min: 1, max: 1_000_000 }),
      perAddressPerMinute: read.integer('ASK_RATE_LIMIT_PER_IP_PER_MINUTE', 120, { min: 1, max: 1_000_000 }),
    },
    arena: {
      minBattles: read.integer('ARENA_MIN_BATTLES', 20, { min: 0, max: 1_000_000 }),
      votesPerAccountPerHour: read.integer('ARENA_VOTE_RATE_LIMIT_PER_HOUR', 60, { min: 1, max: 1_000_000 }),
      votesPerAddressPerHour: read.integer('ARENA_VOTE_RATE_LIMIT_PER_IP_PER_HOUR', 120, { min: 1, max: 1_000_000 }),
    },
    personLimits: {
      supportPerHour: read.integer('SUPPORT_RATE_LIMIT_PER_USER_PER_HOUR', 5, { min: 1, max: 1_000_000 }),
      paymentsPerTenMinutes: read.integer('PAYMENT_RATE_LIMIT_PER_USER_PER_10_MINUTES', 10, { min: 1, max: 1_000_000 }),
    },
    loadShedding: {
      maxEventLoopDelayMs: read.integer('LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS', 1_000, { min: 0, max: 600_000 }),
      // In percent, so it reads as a whole number like every other setting: 0 (off) to 100.
      maxEventLoopUtilization: read.integer('LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION_PERCENT', 0, { min: 0, max: 100 }) / 100,
      sampleIntervalMs: 1_000,
    },
    operations: readOperations(read),
    brandJudge: {
      model: readBrandJudgeModel(read),
      timeoutMs: read.integer('BRAND_JUDGE_TIMEOUT_MS', 10_000, { min: 100, max: 60_000 }),
    },
  };

  // Each partition has its own BullMQ worker in every worker process, and each needs at least one of its slots.
  if (config.redis.answerQueuePartitions > config.worker.concurrency) {
    read.problems.push(
      `ANSWER_QUEUE_PARTITIONS (${config.redis.answerQueuePartitions}) must not exceed WORKER_CONCURRENCY (${config.worker.concurrency}): a worker splits its answers at once over the partitions, at least one each`,
    );
  }
  if (read.problems.length > 0) throw new ConfigurationError(read.problems);
  return config;
}
