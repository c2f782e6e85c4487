import { Histogram, type Registry } from 'prom-client';
import { METRIC_PREFIX } from './metrics-registry.ts';

/**
 * The stages of a question's way to its first token that are Quorum's own work, by the names the metrics, the step
 * benchmark (`npm run bench:steps`) and the docs all use:
 *
 * - `admission` (server): the HTTP request arrived → its answer jobs are queued (session, limits, rules, prices,
 *   the admission statement, the enqueue).
 * - `enqueue_to_pickup` (worker): a job was queued → a worker took it (BullMQ's timestamp, so across processes).
 * - `pickup_to_provider_call` (worker): the worker took the job → the provider's HTTP request went out.
 * - `provider_first_byte_to_browser` (server): the worker had the provider's first text → the server wrote it to a
 *   browser that was already waiting (wall clocks of two processes: meaningful where their clocks agree).
 */
export const QUORUM_STAGES = ['admission', 'enqueue_to_pickup', 'pickup_to_provider_call', 'provider_first_byte_to_browser'] as const;
export type QuorumStage = (typeof QUORUM_STAGES)[number];

export const STAGE_METRIC_NAME = `${METRIC_PREFIX}stage_seconds`;

/** From a fraction of a millisecond (one hop on a quiet machine) to seconds (a saturated one). */
const STAGE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The one histogram of every stage a process sees, labelled by stage, in that process's registry. */
export function createStageHistogram(registry: Registry): Histogram<'stage'> {
  return new Histogram({
    name: STAGE_METRIC_NAME,
    help: "Time Quorum itself adds on the way to a first token, by stage: admission, enqueue_to_pickup, pickup_to_provider_call, provider_first_byte_to_browser.",
    labelNames: ['stage'] as const,
    buckets: STAGE_BUCKETS,
    registers: [registry],
  });
}

type StageSink = (stage: QuorumStage, seconds: number) => void;
const sinks = new Set<StageSink>();

/**
 * Where `observeStage` reports: a server or worker registers its histogram while it runs (code in `core/` that
 * sees a stage end, such as admission, need not know which process it runs in). Returns the unregistering function.
 */
export function reportStagesTo(sink: StageSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

export function observeStage(stage: QuorumStage, milliseconds: number): void {
  if (!(milliseconds >= 0)) return;
  for (const sink of sinks) sink(stage, milliseconds / 1_000);
}
