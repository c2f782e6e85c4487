import type { Job, Queue } from 'bullmq';
import { Counter, Histogram, type Registry } from 'prom-client';
import {
  createMetricsRegistry,
  createStageHistogram,
  METRIC_PREFIX,
  type QuorumStage,
  registerQueueDepth,
} from '../../core/metrics/index.ts';
import { queueKindOfName } from '../../core/jobs/index.ts';

/** From a few milliseconds (the simulator) to minutes (reasoning models, long answers). */
const ANSWER_SECONDS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120, 300];
const QUEUE_WAIT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/**
 * What a worker process counts about the answers it runs. One set per process (a module, not an object passed
 * around), so the answer job can report with a one-line call wherever it already notes a first token, a finish or
 * a failure. Workers started inside one test process share it, which only adds their counts together.
 */
class WorkerMetrics {
  readonly registry: Registry = createMetricsRegistry('worker');
  private readonly watchedQueues = new Set<Queue>();

  private readonly queueWait = new Histogram({
    name: `${METRIC_PREFIX}queue_wait_seconds`,
    help: 'Time from a job entering its queue (or its delay ending) to a worker starting it.',
    labelNames: ['queue'] as const,
    buckets: QUEUE_WAIT_BUCKETS,
    registers: [this.registry],
  });

  private readonly firstToken = new Histogram({
    name: `${METRIC_PREFIX}run_first_token_seconds`,
    help: "Time from a worker starting a model's answer to that model's first text (retries included).",
    labelNames: ['engine'] as const,
    buckets: ANSWER_SECONDS_BUCKETS,
    registers: [this.registry],
  });

  private readonly runDuration = new Histogram({
    name: `${METRIC_PREFIX}run_duration_seconds`,
    help: "Time from a worker starting a model's answer to its end, by engine and outcome (answered, failed, stopped).",
    labelNames: ['engine', 'outcome'] as const,
    buckets: ANSWER_SECONDS_BUCKETS,
    registers: [this.registry],
  });

  private readonly providerErrors = new Counter({
    name: `${METRIC_PREFIX}provider_errors_total`,
    help: "Answers that failed at the provider, by engine and failure class (the run's error code).",
    labelNames: ['engine', 'code'] as const,
    registers: [this.registry],
  });

  private readonly brandJudgements = new Counter({
    name: `${METRIC_PREFIX}brand_judge_verdicts_total`,
    help: 'Monitored answers sent to the brand judge model, by outcome: judged, or why the local verdict stood (invalid_json, invalid_schema, wrong_brands, misquoted, timeout, provider_error, unavailable).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly factChecks = new Counter({
    name: `${METRIC_PREFIX}brand_fact_checks_total`,
    help: "Answers naming a brand read against its fact sheet by the judge model, by outcome: checked, or why the answer stayed unchecked (invalid_json, invalid_schema, timeout, provider_error, unavailable, store_failed).",
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly factStatements = new Counter({
    name: `${METRIC_PREFIX}brand_fact_statements_total`,
    help: 'Statements about a brand found by fact-checks, by verdict (contradicted, supported, unchecked), and those dropped (dropped: quote not in the answer or fact not on the sheet).',
    labelNames: ['verdict'] as const,
    registers: [this.registry],
  });

  /** The stages of a first token a worker sees: enqueue → pick-up and pick-up → provider call. */
  private readonly stages = createStageHistogram(this.registry);

  constructor() {
    registerQueueDepth(this.registry, () => this.watchedQueues, (queue) => queueKindOfName(queue.name) ?? queue.name);
  }

  /** Reports the depth of `queue` on every scrape until the returned function is called. */
  watchQueue(queue: Queue): () => void {
    this.watchedQueues.add(queue);
    return () => this.watchedQueues.delete(queue);
  }

  /** A worker has just started `job`: how long it waited. A delayed job waits from when its delay ended. */
  jobStarted(job: Pick<Job, 'queueName' | 'timestamp' | 'delay'>, now = Date.now()): void {
    const readyAt = job.timestamp + (job.delay ?? 0);
    // Labelled by kind: the answer queue's partitions are one queue to whoever reads the metrics.
    const kind = queueKindOfName(job.queueName);
    this.queueWait.observe({ queue: kind ?? job.queueName }, Math.max(0, now - readyAt) / 1_000);
    if (kind === 'answers') this.stage('enqueue_to_pickup', Math.max(0, now - readyAt));
  }

  stage(stage: QuorumStage, milliseconds: number): void {
    this.stages.observe({ stage }, Math.max(0, milliseconds) / 1_000);
  }

  /** Returns the moment, so the caller can keep it (`firstTokenAt ??= workerMetrics.firstToken(...)`). */
  firstTokenAfter(engine: string, startedAtMs: number): Date {
    const now = new Date();
    this.firstToken.observe({ engine }, Math.max(0, now.getTime() - startedAtMs) / 1_000);
    return now;
  }

  runEnded(engine: string, outcome: 'answered' | 'failed' | 'stopped', startedAtMs: number): void {
    this.runDuration.observe({ engine, outcome }, Math.max(0, Date.now() - startedAtMs) / 1_000);
  }

  providerFailed(engine: string, code: string): void {
    this.providerErrors.inc({ engine, code });
  }

  brandJudged(outcome: string): void {
    this.brandJudgements.inc({ outcome });
  }

  factChecked(outcome: string): void {
    this.factChecks.inc({ outcome });
  }

  factStatement(verdict: string, count = 1): void {
    this.factStatements.inc({ verdict }, count);
  }
}

export const workerMetrics = new WorkerMetrics();
