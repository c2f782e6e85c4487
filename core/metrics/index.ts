/**
 * Metrics: the Prometheus registry and the stage histograms.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { createMetricsRegistry, METRIC_PREFIX } from './metrics-registry.ts';
export { registerQueueDepth } from './queue-depth.ts';
export { createStageHistogram, observeStage, type QuorumStage, reportStagesTo } from './quorum-stages.ts';
export { scrapeAllowed } from './scrape-authorisation.ts';
export { SCRAPE_READ_TIMEOUT_MS, withinTime } from './within-time.ts';
