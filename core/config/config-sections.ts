import type { EnvironmentReader } from './environment-readers.ts';
import { dataFilePath } from './project-files.ts';
import { PROVIDER_IDS, type OperationsConfig, type RedisNodeAddress, type ProviderId, type ProviderSettings, type QuorumConfig } from './config-shape.ts';

/** Where each vendor's API is when no `<ID>_BASE_URL` says otherwise. */
const DEFAULT_PROVIDER_BASE_URLS: Record<ProviderId, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  gemini: 'https://generativelanguage.googleapis.com',
  deepseek: 'https://api.deepseek.com',
  perplexity: 'https://api.perplexity.ai',
  groq: 'https://api.groq.com/openai/v1',
  serpapi: 'https://serpapi.com',
};

/** `<ID>_API_KEY` and `<ID>_BASE_URL` for every provider. */
export function readProviders(read: EnvironmentReader): Record<ProviderId, ProviderSettings> {
  return Object.fromEntries(
    PROVIDER_IDS.map((id) => {
      const prefix = id.toUpperCase();
      const settings: ProviderSettings = {
        apiKey: read.optionalString(`${prefix}_API_KEY`),
        baseUrl: read.url(`${prefix}_BASE_URL`, DEFAULT_PROVIDER_BASE_URLS[id], ['http:', 'https:']),
      };
      return [id, settings];
    }),
  ) as Record<ProviderId, ProviderSettings>;
}

const DEVELOPMENT_SECRET = 'quorum-development-secret-not-for-production-use';

/** APP_SECRET: at least 32 characters, and required in production; a fixed development secret otherwise. */
export function readAppSecret(
  read: EnvironmentReader,
  environment: QuorumConfig['environment'],
): Pick<QuorumConfig, 'appSecret' | 'usingDevelopmentSecret'> {
  const configuredSecret = read.optionalString('APP_SECRET');
  if (configuredSecret !== undefined && configuredSecret.length < 32) {
    read.problems.push('APP_SECRET must be at least 32 characters long');
  }
  if (configuredSecret === undefined && environment === 'production') {
    read.problems.push('APP_SECRET is required when NODE_ENV=production');
  }
  return { appSecret: configuredSecret ?? DEVELOPMENT_SECRET, usingDevelopmentSecret: configuredSecret === undefined };
}

/** LOCAL_LLM_*: a local OpenAI-compatible server, offered as the `local` engine when its base URL is set. */
export function readLocalModels(read: EnvironmentReader): QuorumConfig['localModels'] {
  const baseUrl = read.optionalUrl('LOCAL_LLM_BASE_URL', ['http:', 'https:']);
  const models = (read.optionalString('LOCAL_LLM_MODELS') ?? '')
    .split(',')
    .map((model) => model.trim())
    .filter(Boolean);
  if (!baseUrl) return undefined;
  if (models.length === 0) read.problems.push('LOCAL_LLM_MODELS must list at least one model when LOCAL_LLM_BASE_URL is set');
  return {
    baseUrl,
    // Local servers ignore the key, but the OpenAI SDK insists on one.
    apiKey: read.optionalString('LOCAL_LLM_API_KEY') ?? 'local',
    models,
    credits: read.integer('LOCAL_LLM_CREDITS', 5, { min: 0, max: 1_000 }),
  };
}

/** The STRIPE_* variables: a secret key turns payments on, and then the page needs the publishable key too. */
export function readPayments(read: EnvironmentReader): QuorumConfig['payments'] {
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
export function readOperations(read: EnvironmentReader): OperationsConfig {
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

/**
 * BRAND_JUDGE_MODEL: `engine/model` (the model id may itself hold a slash; whether it exists is the catalogue's to
 * say), `off`, or unset for the default judge.
 */
export function readBrandJudgeModel(read: EnvironmentReader): string | undefined {
  const raw = read.optionalString('BRAND_JUDGE_MODEL');
  if (raw === undefined || raw === 'off' || /^[^/\s]+\/\S+$/.test(raw)) return raw;
  read.problems.push(`BRAND_JUDGE_MODEL must be engine/model from the model catalogue, like openai/gpt-4.1-mini, or off (got "${raw}")`);
  return undefined;
}

/** SOCIAL_GITHUB_URL, SOCIAL_X_URL, SOCIAL_LINKEDIN_URL: this product's own pages there; unset ones are not shown. */
export function readSocialLinks(read: EnvironmentReader): { label: string; href: string }[] {
  const links = [
    { label: 'GitHub', href: read.optionalUrl('SOCIAL_GITHUB_URL', ['https:']) },
    { label: 'X', href: read.optionalUrl('SOCIAL_X_URL', ['https:']) },
    { label: 'LinkedIn', href: read.optionalUrl('SOCIAL_LINKEDIN_URL', ['https:']) },
  ];
  return links.filter((link): link is { label: string; href: string } => link.href !== undefined);
}

/** ANALYTICS_MEASUREMENT_ID: a GA4 id such as `G-ABC123XYZ9`, or nothing. */
export function readMeasurementId(read: EnvironmentReader): string | undefined {
  const raw = read.optionalString('ANALYTICS_MEASUREMENT_ID');
  if (raw === undefined || /^G-[A-Z0-9]{4,20}$/.test(raw)) return raw;
  read.problems.push(`ANALYTICS_MEASUREMENT_ID must be a GA4 measurement id like G-ABC123XYZ9 (got "${raw}")`);
  return undefined;
}

/** TRUST_PROXY: `false` (default), `true`, a number of hops, or a comma-separated list of proxy addresses/CIDRs. */
export function readTrustProxy(read: EnvironmentReader): boolean | number | string {
  const raw = read.optionalString('TRUST_PROXY');
  if (raw === undefined || ['false', 'no', 'off', '0'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^[0-9a-fA-F.:/,\s]+$/.test(raw)) return raw;
  read.problems.push(`TRUST_PROXY must be true, false, a hop count or proxy addresses (got "${raw}")`);
  return false;
}

/**
 * REDIS_CLUSTER_NODES: `host:port` seed nodes of a Redis Cluster, comma-separated. Unset means one Redis at REDIS_URL;
 * set, it replaces REDIS_URL's address (REDIS_URL still gives the user, password and TLS of every node).
 */
export function readRedisClusterNodes(read: EnvironmentReader): RedisNodeAddress[] | undefined {
  const raw = read.optionalString('REDIS_CLUSTER_NODES');
  if (raw === undefined) return undefined;
  const nodes: RedisNodeAddress[] = [];
  for (const entry of raw.split(',').map((part) => part.trim()).filter((part) => part.length > 0)) {
    const match = /^(\[[^\]]+\]|[^:\s]+):(\d{1,5})$/.exec(entry);
    const port = match ? Number(match[2]) : 0;
    if (!match || port < 1 || port > 65_535) {
      read.problems.push(`REDIS_CLUSTER_NODES must list host:port pairs separated by commas (got "${entry}")`);
      return undefined;
    }
    nodes.push({ host: match[1]!.replace(/^\[|\]$/g, ''), port });
  }
  if (nodes.length === 0) read.problems.push('REDIS_CLUSTER_NODES must list at least one host:port when set');
  return nodes.length > 0 ? nodes : undefined;
}
