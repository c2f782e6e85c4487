import path from 'node:path';
import { ConfigurationError, EnvironmentReader, type Environment } from './environment-readers.ts';
import { dataFilePath, PROJECT_ROOT } from './project-files.ts';

export { ConfigurationError } from './environment-readers.ts';

/** Every vendor Quorum can call; each takes a key and a base URL so tests and demo mode can point it elsewhere. */
export const PROVIDER_IDS = ['openai', 'anthropic', 'gemini', 'deepseek', 'perplexity', 'groq', 'serpapi'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export interface ProviderSettings {
  apiKey: string | undefined;
  baseUrl: string;
}

const DEFAULT_PROVIDER_BASE_URLS: Record<ProviderId, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  gemini: 'https://generativelanguage.googleapis.com',
  deepseek: 'https://api.deepseek.com',
  perplexity: 'https://api.perplexity.ai',
  groq: 'https://api.groq.com/openai/v1',
  serpapi: 'https://serpapi.com',
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const ENVIRONMENTS = ['development', 'production', 'test'] as const;
const DEMO_MODE_CHOICES = ['auto', 'on', 'off'] as const;
const DEVELOPMENT_SECRET = 'quorum-development-secret-not-for-production-use';

export { PROJECT_ROOT } from './project-files.ts';

export interface QuorumConfig {
  environment: (typeof ENVIRONMENTS)[number];
  logLevel: (typeof LOG_LEVELS)[number];
  server: {
    host: string;
    port: number;
    appUrl: string;
    clientDistDirectory: string;
    shutdownGraceMs: number;
    /** How long a stream waits for a worker to pick its job up before telling the user. */
    queueWaitTimeoutMs: number;
  };
  databaseUrl: string;
  /** Postgres connections per process (server or worker). */
  databasePoolSize: number;
  redis: { url: string; keyPrefix: string };
  /** Signs and HMACs everything that must not be forged (sessions, hashed IPs). */
  appSecret: string;
  usingDevelopmentSecret: boolean;
  worker: {
    concurrency: number;
    /** A running answer's lease in Redis; when it lapses the worker is presumed dead. */
    runLeaseMs: number;
    providerTimeoutMs: number;
    providerFirstTokenTimeoutMs: number;
    providerIdleTimeoutMs: number;
    providerMaxRetries: number;
  };
  events: { streamTtlSeconds: number; streamMaxEvents: number };
  /**
   * Long-lived connections to browsers: a stream whose reader has taken nothing for `stalledClientMs` is closed, and
   * each server holds at most so many resumed streams and live sockets open per person and per address.
   */
  streaming: { stalledClientMs: number; openPerPerson: number; openPerAddress: number };
  /** GEO tracking: how long a "day" of a tracked prompt set's cadence lasts (tests shorten it to seconds). */
  tracking: { dayMs: number };
  /** On when no provider key is configured (or forced): workers answer from the built-in simulator. */
  demoMode: boolean;
  simulatorChunkDelayMs: number;
  providers: Record<ProviderId, ProviderSettings>;
  /** A local OpenAI-compatible server (Ollama, vLLM, LM Studio), offered as the `local` engine when set. */
  localModels: { baseUrl: string; apiKey: string; models: string[]; credits: number } | undefined;
  /** The engines, models and prices (JSON); see core/catalogue/model-catalogue.json. */
  catalogueFile: string;
  /** Fastify's trustProxy: false, true, a hop count, or addresses/CIDRs of the proxies in front of the server. */
  trustProxy: boolean | number | string;
  /** Card payments through Stripe; off (nothing can be bought) without a secret key. */
  payments: {
    stripeSecretKey: string | undefined;
    stripePublishableKey: string | undefined;
    /** Verifies the signature of Stripe's webhook calls; without it the webhook endpoint refuses every call. */
    stripeWebhookSecret: string | undefined;
    /** Stripe's API, or a proxy or local fake of it (the SDK's host, port and protocol are taken from it). */
    stripeApiBaseUrl: string;
    /** The packages and dynamic prices (JSON); see core/payments/payment-catalogue.json. */
    catalogueFile: string;
  };
  /** Facts the pages print and where mail to people goes. */
  site: {
    /** Where support requests are mailed, and the address the pages give for help. */
    supportEmail: string;
    /** The address the terms give for legal matters. */
    legalEmail: string;
    /** A GA4 measurement id; analytics run (after consent) only when it is set. */
    analyticsMeasurementId: string | undefined;
    /** The footer's social links, each shown only when its address is set. */
    socialLinks: { label: string; href: string }[];
  };
  auth: {
    /** SMTP server for outgoing mail; without one, messages (and their links) are written to the log. */
    smtpUrl: string | undefined;
    mailFrom: string;
    /** Google sign-in is offered only with a client id. */
    googleClientId: string | undefined;
    googleJwksUrl: string;
    /** A session ends after this long unused... */
    sessionIdleHours: number;
    /** ...and in any case this long after sign-in. */
    sessionMaxDays: number;
    /** Multiplies every auth rate limit (1 = the documented limits). */
    rateLimitScale: number;
  };
  /** Questions one asker (a signed-in user, or a guest) and one address may ask per minute, counted in Redis. */
  asking: { perAskerPerMinute: number; perAddressPerMinute: number };
  /** Per signed-in user (or guest, by their hashed address) on support and payments, times AUTH_RATE_LIMIT_SCALE. */
  personLimits: { supportPerHour: number; paymentsPerTenMinutes: number };
  /** When the event loop lags past these, new requests get a 503 (0 turns a check off). */
  loadShedding: LoadSheddingConfig;
  /** What the people running Quorum see: metrics, and who may open the queue dashboard. */
  operations: OperationsConfig;
  brandJudge: BrandJudgeConfig;
}

/** An optional model that judges every monitored answer after the local analyser; the operator pays for it. */
export interface BrandJudgeConfig {
  /** `engine/model` as in the catalogue (checked against it when a process starts); undefined = no judge. */
  model: string | undefined;
  /** Longest the judge may take per answer; the answer's end waits at most this long, then the local verdict stands. */
  timeoutMs: number;
}

export interface LoadSheddingConfig {
  /** Mean event-loop delay over one sample, in ms. */
  maxEventLoopDelayMs: number;
  /** Share of one sample the event loop was busy, 0 to 1. */
  maxEventLoopUtilization: number;
  /** How often the loop is measured; not an environment variable (tests shorten it). */
  sampleIntervalMs: number;
}

export interface OperationsConfig {
  /** When set, `/metrics` (server and worker) answers only `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** The worker's own small HTTP listener for `/metrics` and `/health/live`; 0 = none. */
  workerMetricsPort: number;
  /** Emails (lower-cased) of the signed-in people who may open `/admin/queues`; empty = not mounted. */
  queueDashboardAdmins: string[];
}

/**
 * Reads and validates the server's and worker's environment variables, once, at start; the result is passed to
 * whatever needs it. (Only the opt-in stage trace and the stand-alone MCP bridge read `process.env` on their own.) All problems are reported together, each naming its
 * variable, so a misconfigured deployment fails on its first start with one readable message.
 */
export function loadConfig(environment: Environment = process.env): QuorumConfig {
  const read = new EnvironmentReader(environment);
  const nodeEnvironment = read.oneOf('NODE_ENV', ENVIRONMENTS, 'development');

  const providers = Object.fromEntries(
    PROVIDER_IDS.map((id) => {
      const prefix = id.toUpperCase();
      const settings: ProviderSettings = {
        apiKey: read.optionalString(`${prefix}_API_KEY`),
        baseUrl: read.url(`${prefix}_BASE_URL`, DEFAULT_PROVIDER_BASE_URLS[id], ['http:', 'https:']),
      };
      return [id, settings];
    }),
  ) as Record<ProviderId, ProviderSettings>;

  const configuredSecret = read.optionalString('APP_SECRET');
  if (configuredSecret !== undefined && configuredSecret.length < 32) {
    read.problems.push('APP_SECRET must be at least 32 characters long');
  }
  if (configuredSecret === undefined && nodeEnvironment === 'production') {
    read.problems.push('APP_SECRET is required when NODE_ENV=production');
  }

  const demoModeChoice = read.oneOf('DEMO_MODE', DEMO_MODE_CHOICES, 'auto');
  const localBaseUrl = read.optionalUrl('LOCAL_LLM_BASE_URL', ['http:', 'https:']);
  const localModels = (read.optionalString('LOCAL_LLM_MODELS') ?? '')
    .split(',')
    .map((model) => model.trim())
    .filter(Boolean);
  if (localBaseUrl && localModels.length === 0) read.problems.push('LOCAL_LLM_MODELS must list at least one model when LOCAL_LLM_BASE_URL is set');
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
    },
    appSecret: configuredSecret ?? DEVELOPMENT_SECRET,
    usingDevelopmentSecret: configuredSecret === undefined,
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
    localModels: localBaseUrl
      ? {
          baseUrl: localBaseUrl,
          // Local servers ignore the key, but the OpenAI SDK insists on one.
          apiKey: read.optionalString('LOCAL_LLM_API_KEY') ?? 'local',
          models: localModels,
          credits: read.integer('LOCAL_LLM_CREDITS', 5, { min: 0, max: 1_000 }),
        }
      : undefined,
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
      rateLimitScale: read.integer('AUTH_RATE_LIMIT_SCALE', 1, { min: 1, max: 10_000 }),
    },
    asking: {
      perAskerPerMinute: read.integer('ASK_RATE_LIMIT_PER_MINUTE', 30, { min: 1, max: 1_000_000 }),
      perAddressPerMinute: read.integer('ASK_RATE_LIMIT_PER_IP_PER_MINUTE', 120, { min: 1, max: 1_000_000 }),
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

  if (read.problems.length > 0) throw new ConfigurationError(read.problems);
  return config;
}

/** The STRIPE_* variables: a secret key turns payments on, and then the page needs the publishable key too. */
function readPayments(read: EnvironmentReader): QuorumConfig['payments'] {
  const stripeSecretKey = read.optionalString('STRIPE_SECRET_KEY');
  const stripePublishableKey = read.optionalString('STRIPE_PUBLISHABLE_KEY');
  if (stripeSecretKey !== undefined && stripePublishableKey === undefined) {
    read.problems.push('STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set (the payment form needs it)');
  }
  return {
    stripeSecretKey,
    stripePublishableKey,
    stripeWebhookSecret: read.optionalString('STRIPE_WEBHOOK_SECRET'),
    stripeApiBaseUrl: read.url('STRIPE_API_BASE_URL', 'https://api.stripe.com', ['http:', 'https:']),
    catalogueFile: dataFilePath(read.string('PAYMENT_CATALOGUE_FILE', 'core/payments/payment-catalogue.json')),
  };
}

/** METRICS_TOKEN, WORKER_METRICS_PORT and QUEUE_DASHBOARD_ADMINS (comma-separated emails). */
function readOperations(read: EnvironmentReader): OperationsConfig {
  const admins = (read.optionalString('QUEUE_DASHBOARD_ADMINS') ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  return {
    metricsToken: read.optionalString('METRICS_TOKEN'),
    workerMetricsPort: read.integer('WORKER_METRICS_PORT', 9465, { min: 0, max: 65_535 }),
    queueDashboardAdmins: [...new Set(admins)],
  };
}

/** BRAND_JUDGE_MODEL: `engine/model` (the model id may itself hold a slash); whether it exists is the catalogue's to say. */
function readBrandJudgeModel(read: EnvironmentReader): string | undefined {
  const raw = read.optionalString('BRAND_JUDGE_MODEL');
  if (raw === undefined || /^[^/\s]+\/\S+$/.test(raw)) return raw;
  read.problems.push(`BRAND_JUDGE_MODEL must be engine/model from the model catalogue, like openai/gpt-4.1-mini (got "${raw}")`);
  return undefined;
}

/** SOCIAL_GITHUB_URL, SOCIAL_X_URL, SOCIAL_LINKEDIN_URL: this product's own pages there; unset ones are not shown. */
function readSocialLinks(read: EnvironmentReader): { label: string; href: string }[] {
  const links = [
    { label: 'GitHub', href: read.optionalUrl('SOCIAL_GITHUB_URL', ['https:']) },
    { label: 'X', href: read.optionalUrl('SOCIAL_X_URL', ['https:']) },
    { label: 'LinkedIn', href: read.optionalUrl('SOCIAL_LINKEDIN_URL', ['https:']) },
  ];
  return links.filter((link): link is { label: string; href: string } => link.href !== undefined);
}

/** ANALYTICS_MEASUREMENT_ID: a GA4 id such as `G-ABC123XYZ9`, or nothing. */
function readMeasurementId(read: EnvironmentReader): string | undefined {
  const raw = read.optionalString('ANALYTICS_MEASUREMENT_ID');
  if (raw === undefined || /^G-[A-Z0-9]{4,20}$/.test(raw)) return raw;
  read.problems.push(`ANALYTICS_MEASUREMENT_ID must be a GA4 measurement id like G-ABC123XYZ9 (got "${raw}")`);
  return undefined;
}

/** TRUST_PROXY: `false` (default), `true`, a number of hops, or a comma-separated list of proxy addresses/CIDRs. */
function readTrustProxy(read: EnvironmentReader): boolean | number | string {
  const raw = read.optionalString('TRUST_PROXY');
  if (raw === undefined || ['false', 'no', 'off', '0'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^[0-9a-fA-F.:/,\s]+$/.test(raw)) return raw;
  read.problems.push(`TRUST_PROXY must be true, false, a hop count or proxy addresses (got "${raw}")`);
  return false;
}
