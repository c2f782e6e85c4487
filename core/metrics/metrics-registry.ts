import { collectDefaultMetrics, Registry } from 'prom-client';

/** Every metric Quorum defines starts with this, so a shared Prometheus can tell ours from everyone else's. */
export const METRIC_PREFIX = 'quorum_';

/**
 * A registry of its own for one server or worker, never prom-client's global one: tests run several servers and
 * workers in one Node process, and each must count only its own work. Node's standard process metrics
 * (`process_cpu_seconds_total`, `nodejs_eventloop_lag_seconds`, heap, GC…) keep their usual names so stock
 * dashboards work; every series carries `role="server"` or `role="worker"`.
 */
export function createMetricsRegistry(role: 'server' | 'worker'): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  collectDefaultMetrics({ register: registry });
  return registry;
}
