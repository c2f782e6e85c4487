import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import {
  createMetricsRegistry,
  createStageHistogram,
  METRIC_PREFIX,
  SCRAPE_READ_TIMEOUT_MS,
  withinTime,
} from '../../core/metrics/index.ts';

/** Ordinary calls take milliseconds; a streamed answer's request lasts as long as its stream (up to minutes). */
const HTTP_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export interface ServerMetricSources {
  /** Streams this server relays now (SSE and live-socket subscriptions). */
  openStreams(): number;
  /** Credits on hold across every account (placed at admission, released or captured when answers end). */
  creditsHeld(): Promise<number>;
}

/** The metrics one server instance keeps, in a registry of its own (see createMetricsRegistry). */
export class ServerMetrics {
  readonly registry: Registry = createMetricsRegistry('server');

  readonly httpRequests = new Counter({
    name: `${METRIC_PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern (not the raw address) and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by method, route pattern and status code; a streamed answer counts until its stream ends.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_SECONDS_BUCKETS,
    registers: [this.registry],
  });

  readonly admissions = new Counter({
    name: `${METRIC_PREFIX}ask_admissions_total`,
    help: 'Questions admitted (credits held, answers queued), by asking route.',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  /** The stages of a first token this server sees: admission, and provider first byte → browser first byte. */
  readonly stages = createStageHistogram(this.registry);

  readonly refusals = new Counter({
    name: `${METRIC_PREFIX}ask_refusals_total`,
    help: 'Questions refused before any answer started, by asking route and error code.',
    labelNames: ['route', 'code'] as const,
    registers: [this.registry],
  });

  constructor(sources: ServerMetricSources) {
    new Gauge({
      name: `${METRIC_PREFIX}open_streams`,
      help: 'Answer streams this server is relaying now (server-sent events and live-socket subscriptions).',
      registers: [this.registry],
      collect() {
        this.set(sources.openStreams());
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}credits_held`,
      help: 'Credits on hold for answers not yet finished, across all accounts (read from Postgres at scrape time).',
      registers: [this.registry],
      async collect() {
        const held = await withinTime(() => sources.creditsHeld(), SCRAPE_READ_TIMEOUT_MS);
        // Postgres did not answer in time: no value this scrape, rather than a false zero.
        if (held === undefined) this.reset();
        else this.set(held);
      },
    });
  }
}
