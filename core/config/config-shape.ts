/**
 * The shape of Quorum's configuration: what `loadConfig` (config.ts) reads from the environment and hands to every
 * part that needs a setting.
 */

/** Every vendor Quorum can call; each takes a key and a base URL so tests and demo mode can point it elsewhere. */
export const PROVIDER_IDS = ['openai', 'anthropic', 'gemini', 'deepseek', 'perplexity', 'groq', 'serpapi'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export interface ProviderSettings {
  apiKey: string | undefined;
  baseUrl: string;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const ENVIRONMENTS = ['development', 'production', 'test'] as const;
export const DEMO_MODE_CHOICES = ['auto', 'on', 'off'] as const;

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
  redis: RedisSettings;
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
  events: {
    streamTtlSeconds: number;
    streamMaxEvents: number;
    /**
     * A worker gathers a run's text deltas into one event for up to `maxWindowMs` (0: never) while its providers
     * send more than `loadDeltasPerSecond` (0: always); the first delta of a run is never held.
     */
    coalescing: { maxWindowMs: number; loadDeltasPerSecond: number };
  };
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
    /** How long a server may answer "who is this" from memory (0: always ask Postgres); sign-outs reach it at once. */
    sessionCacheMs: number;
    /** Multiplies every auth rate limit (1 = the documented limits). */
    rateLimitScale: number;
  };
  /** Questions one asker (a signed-in user, or a guest) and one address may ask per minute, counted in Redis. */
  asking: { perAskerPerMinute: number; perAddressPerMinute: number };
  arena: ArenaConfig;
  /** Per signed-in user (or guest, by their hashed address) on support and payments, times AUTH_RATE_LIMIT_SCALE. */
  personLimits: { supportPerHour: number; paymentsPerTenMinutes: number };
  /** When the event loop lags past these, new requests get a 503 (0 turns a check off). */
  loadShedding: LoadSheddingConfig;
  /** What the people running Quorum see: metrics, and who may open the queue dashboard. */
  operations: OperationsConfig;
  brandJudge: BrandJudgeConfig;
}

/** The arena's boards and votes. */
export interface ArenaConfig {
  /** Weighted battles a model needs before a public board shows it. */
  minBattles: number;
  /** Votes one account, and one address, may cast per hour. */
  votesPerAccountPerHour: number;
  votesPerAddressPerHour: number;
}

/** An optional model that judges every monitored answer after the local analyser; the operator pays for it. */
export interface BrandJudgeConfig {
  /**
   * `engine/model` as in the catalogue (checked against it when a process starts), `off`, or undefined for the
   * default: the cheapest capable model a configured provider offers, none in demo mode (see brand-judge-model.ts).
   */
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

/** Where Redis is: one server at `url`, or, when `clusterNodes` is set, a Redis Cluster reached through those nodes. */
export interface RedisSettings {
  url: string;
  keyPrefix: string;
  /** Seed nodes of a Redis Cluster (`REDIS_CLUSTER_NODES`); the client learns the rest of the cluster from them. */
  clusterNodes?: RedisNodeAddress[];
  /**
   * How many BullMQ queues the answer queue is split into (`ANSWER_QUEUE_PARTITIONS`), each under its own hash tag,
   * so that on a Redis Cluster its work spreads over the masters (`core/jobs/queue-partitions.ts`).
   */
  answerQueuePartitions: number;
}

/** The answer queue's partitions have hash tags placed for up to this many (`core/jobs/queue-partitions.ts`). */
export const MAX_ANSWER_QUEUE_PARTITIONS = 16;

export interface RedisNodeAddress {
  host: string;
  port: number;
}
