import type { MikroORM } from '@mikro-orm/postgresql';
import type { RedisClient } from '../../core/redis/index.ts';
import type { Logger } from 'pino';
import { analyseBrandMention, type NewFactCheck, storeFactCheck } from '../../core/brand/index.ts';
import type { BrandAnalysisOfRun } from '../../core/brand/index.ts';
import { publishRunSettlement, type RunSettlement } from '../../core/credits/index.ts';
import type { AnswerSource, RequestEventWriter, UnsequencedRunEvent } from '../../core/events/index.ts';
import type { AnswerJobData } from '../../core/jobs/index.ts';
import {
  announceStoredOutcome,
  type ClaimedRun,
  claimRun,
  completeRun,
  failRunWithSettlement,
  runEndEvent,
  runFailure,
  storedOutcomeEvent,
} from '../../core/runs/index.ts';
import { markStage, stageTraceEnabled, writeStageTrace } from '../../core/tracing/index.ts';
import { ProviderError } from '../providers/answer-provider.ts';
import { PipelinedAppends } from './pipelined-appends.ts';
import { DeltaCoalescer } from './delta-coalescer.ts';
import type { CoalescingPolicy } from './delta-coalescing-policy.ts';
import { callProvider, type ProviderCall, type ProviderCallDependencies } from './provider-call.ts';
import { RunLease } from './run-lease.ts';
import { untilStored } from './until-stored.ts';
import { SearchTrailCollector } from './search-trail-collector.ts';
import { resolvedSearchTrail } from './redirect-resolution.ts';
import { workerMetrics } from '../observability/worker-metrics.ts';
import { judgeBrandAnalysis, type BrandJudge } from './brand-judging.ts';
import { factCheckAnswer } from './fact-checking.ts';
import type { ModelCatalogue } from '../../core/catalogue/index.ts';
import { reportedTokenFigures } from '../../core/catalogue/index.ts';

export interface AnswerQuestionDependencies extends ProviderCallDependencies {
  orm: MikroORM;
  redis: RedisClient;
  writer: RequestEventWriter;
  keyPrefix: string;
  runLeaseMs: number;
  /** One per process: whether a run's text deltas go out one by one or gathered (see delta-coalescer.ts). */
  coalescing: CoalescingPolicy;
  /** The operator's brand judge model (BRAND_JUDGE_MODEL); absent when none is configured. */
  brandJudge?: BrandJudge | undefined;
  /** Says which token figures each model reports; without it, whatever the provider sent is kept. */
  catalogue?: ModelCatalogue | undefined;
  /** Told when a run's ending ended its whole request (a tracking slot finishes on its last request's end). */
  onRequestEnded?: ((requestId: string) => Promise<unknown>) | undefined;
}

/**
 * One job: one model answering one question. Streams the provider's answer into the request's event stream and
 * stores the outcome in Postgres. Safe to deliver twice: a run that is no longer queued is left alone.
 */
export async function answerQuestion(
  dependencies: AnswerQuestionDependencies,
  job: AnswerJobData,
  shutdownSignal: AbortSignal,
  /** `performance.now()` when the worker took the job, for the pick-up → provider call stage. */
  takenAt = performance.now(),
): Promise<'answered' | 'failed' | 'skipped'> {
  const { orm, writer, logger } = dependencies;
  const providerCalled = () => workerMetrics.stage('pickup_to_provider_call', performance.now() - takenAt);
  // The provider is asked while the run is claimed, so the two round trips overlap instead of adding up. Nothing
  // the call yields is streamed or stored unless the claim succeeds; a run that is not ours stops the call at once.
  // The claim's query goes out first (the provider call's setup is CPU work on this thread), and a Postgres out of
  // reach or out of connections delays the claim rather than dropping the job.
  const claiming = untilStored(() => claimRun(orm.em.fork(), job.runId), { signal: shutdownSignal, logger, runId: job.runId });
  const early = job.question
    ? callProvider(dependencies, job.runId, job.question, shutdownSignal, job.question.attachments ? job.requestId : undefined)
    : undefined;
  if (early) {
    markStage('provider-called');
    providerCalled();
  }
  let run: ClaimedRun | undefined;
  try {
    run = await claiming;
  } finally {
    if (!run) early?.done();
  }
  markStage('run-claimed');
  if (!run) {
    logger.info({ runId: job.runId }, 'run is no longer queued; skipping duplicate delivery');
    return 'skipped';
  }
  const lease = new RunLease(dependencies.redis, dependencies.keyPrefix, run.runId, dependencies.runLeaseMs);
  try {
    // Both are on the way to the first token; neither needs the other.
    await Promise.all([
      lease.acquire(),
      writer.append({ requestId: run.requestId, runId: run.runId, type: 'run_start', engine: run.engine, model: run.model }),
    ]);
    markStage('run-started');
    return await streamRun(dependencies, run, shutdownSignal, early, providerCalled);
  } catch (error) {
    // Whatever went wrong (Redis hiccup, a bug), the run must not stay "running" with a user waiting on it.
    logger.error({ err: error, runId: run.runId }, 'answer job failed unexpectedly');
    return finishWithFailure(dependencies, run, runFailure('INTERNAL_ERROR'), shutdownSignal);
  } finally {
    early?.done();
    await lease.release();
  }
}

async function streamRun(
  dependencies: AnswerQuestionDependencies,
  run: ClaimedRun,
  shutdownSignal: AbortSignal,
  early: ProviderCall | undefined,
  providerCalled: () => void,
): Promise<'answered' | 'failed'> {
  const { orm, writer, logger } = dependencies;
  const base = { requestId: run.requestId, runId: run.runId };
  const startedAt = Date.now();

  // A run read back from Postgres (a follow-up's) may carry files too: the request's are looked up.
  const call = early ?? callProvider(dependencies, run.runId, run, shutdownSignal, run.requestId);
  if (!early && call) {
    markStage('provider-called');
    providerCalled();
  }
  if (!call) {
    return finishWithFailure(dependencies, run, runFailure('PROVIDER_REJECTED', `The ${run.engine} engine is not available right now.`), shutdownSignal);
  }
  let text = '';
  const sources = new Map<string, AnswerSource>();
  const searchTrail = new SearchTrailCollector();
  let finishReason: string | null = null;
  let inputTokens: number | null = null;
  let outputTokens: number | null = null;
  let tokenFigures = { cachedTokens: null as number | null, reasoningTokens: null as number | null };
  let modelVersion: string | null = null;
  let firstTokenAt: Date | null = null;
  const appends = new PipelinedAppends(writer, dependencies.coalescing);
  const deltas = new DeltaCoalescer(dependencies.coalescing, (delta, first) =>
    appends.append(
      { ...base, type: 'text_delta', text: delta, ...(first && firstTokenAt ? { firstByteAt: firstTokenAt.getTime() } : {}) },
      first && stageTraceEnabled ? () => traceFirstAppend(run) : undefined,
    ),
  );

  try {
    for await (const part of call.parts) {
      // Refused: someone (a server that believed this worker dead) already ended the run. Stop spending tokens.
      if (appends.refused) return 'failed';
      if (part.type === 'text') {
        if (firstTokenAt === null) markStage('first-delta');
        firstTokenAt ??= workerMetrics.firstTokenAfter(run.engine, startedAt);
        text += part.text;
        await deltas.push(part.text);
      } else if (part.type === 'sources') {
        const fresh = part.sources.filter((source) => !sources.has(source.url));
        for (const source of fresh) sources.set(source.url, source);
        if (fresh.length > 0) {
          // Held text first: sources land after the words they came with.
          await deltas.flush();
          await appends.append({ ...base, type: 'sources', sources: fresh });
        }
      } else if (part.type === 'search-trail') {
        searchTrail.add(part.queries, part.sources);
      } else if (part.type === 'finish') {
        finishReason = part.reason;
      } else if (part.type === 'model-version') {
        // A retried call reports again; the attempt that answered is the last to say.
        modelVersion = part.version;
      } else {
        inputTokens = part.inputTokens;
        outputTokens = part.outputTokens;
        tokenFigures = reportedTokenFigures(dependencies.catalogue, run.engine, run.model, part);
      }
    }
    // Every chunk is in the stream before the run's end is announced.
    await deltas.flush();
    await appends.drain();
    if (appends.refused) return 'failed';
  } catch (error) {
    // The error ends the run after whatever chunks it already streamed, held ones included.
    await deltas.flush().catch(() => undefined);
    await appends.drain().catch(() => undefined);
    const failure = error instanceof ProviderError ? { code: error.code, message: error.message } : runFailure('PROVIDER_ERROR');
    if (failure.code === 'CANCELLED') {
      // The person pressed Stop: the provider did nothing wrong, and the run is not a failure.
      logger.info({ runId: run.runId, engine: run.engine, model: run.model }, 'run stopped');
      workerMetrics.runEnded(run.engine, 'stopped', startedAt);
    } else {
      logger.warn({ err: error, runId: run.runId, code: failure.code }, 'provider call failed');
      workerMetrics.providerFailed(run.engine, failure.code);
      workerMetrics.runEnded(run.engine, 'failed', startedAt);
    }
    return finishWithFailure(dependencies, run, failure, shutdownSignal, appends);
  } finally {
    deltas.close();
    call.done();
  }

  const answerSources = [...sources.values()];
  const analysed = analyseBrand(run, text, answerSources, logger);
  // The judge's two readings (the verdict and the fact-check) are asked at once: the answer's end waits for the slower.
  // The search trail's redirects are followed meanwhile (within their own time budget): none waits for another.
  const [brand, factCheck, trail] = await Promise.all([
    judgedBrand(dependencies, run, text, analysed, shutdownSignal),
    checkedFacts(dependencies, run, text, analysed, shutdownSignal),
    searchTrail.empty ? null : resolvedSearchTrail(searchTrail.collected(), { signal: shutdownSignal }),
  ]);
  const success = { text, sources: answerSources, searchTrail: trail, finishReason, modelVersion, inputTokens, outputTokens, ...tokenFigures, firstTokenAt, brand };
  // Postgres being down for a while must not cost the answer: it is stored once Postgres is back.
  const completed = await untilStored(() => completeRun(orm.em.fork(), run.runId, success), { signal: shutdownSignal, logger, runId: run.runId });
  if (!completed) {
    // Someone else ended the run first; make sure whatever Postgres holds is what listeners saw.
    await announceStoredOutcome(orm.em.fork(), writer, run.runId);
    return 'failed';
  }
  // Stored once the answer is, and before its end is told to anyone (a tracking run's results read it).
  if (factCheck) await storeCheckedFacts(dependencies, run.runId, factCheck);
  // The end event is built from what was stored, so every reader sees exactly the recorded answer and charge: the
  // storing statement returned it, and a brand analysis is read back in its stored form.
  // It goes after the chunks in run order, so a failover that lost the last of them has them sent again first.
  const end = success.brand ? await storedOutcomeEvent(orm.em.fork(), run.runId) : runEndEvent(base, success, completed.stored, null);
  if (end) await announceInRunOrder(appends, end, logger);
  await tellOwner(dependencies, completed.settlement);
  logger.info({ runId: run.runId, engine: run.engine, model: run.model, durationMs: Date.now() - startedAt, credits: completed.creditsCharged }, 'run answered');
  workerMetrics.runEnded(run.engine, 'answered', startedAt);
  return 'answered';
}

/**
 * The answer's brand analysis, when its request monitors a brand. Made once, here, and stored with the answer:
 * every later reader (the end event, results, history, the brand pages) reads it back. A fault in the analysis
 * costs the analysis, never the answer the person paid for.
 */
function analyseBrand(run: ClaimedRun, text: string, sources: AnswerSource[], logger: Logger): BrandAnalysisOfRun | null {
  if (!run.brandConfig) return null;
  try {
    return { config: run.brandConfig, analysis: analyseBrandMention({ text, sources, config: run.brandConfig, question: run.query }) };
  } catch (error) {
    logger.error({ err: error, runId: run.runId }, 'brand analysis failed; the answer is stored without it');
    return null;
  }
}

/**
 * With a judge configured, its verdict replaces the local one where it holds up. Bounded by the judge's time limit,
 * so an answer's end waits at most that long; the settlement that follows is the same either way.
 */
async function judgedBrand(
  dependencies: AnswerQuestionDependencies,
  run: ClaimedRun,
  text: string,
  brand: BrandAnalysisOfRun | null,
  shutdownSignal: AbortSignal,
): Promise<BrandAnalysisOfRun | null> {
  if (!brand || !dependencies.brandJudge) return brand;
  const analysis = await judgeBrandAnalysis(dependencies, dependencies.brandJudge, run.runId, text, brand.analysis, shutdownSignal);
  return { config: brand.config, analysis };
}

/** With a judge configured and a fact sheet on the brand, the answer read against the sheet (when it names the brand). */
async function checkedFacts(
  dependencies: AnswerQuestionDependencies,
  run: ClaimedRun,
  text: string,
  brand: BrandAnalysisOfRun | null,
  shutdownSignal: AbortSignal,
): Promise<NewFactCheck | undefined> {
  if (!brand || !dependencies.brandJudge) return undefined;
  return factCheckAnswer(dependencies, dependencies.brandJudge, run.runId, text, brand.config, brand.analysis, shutdownSignal);
}

/** A fact-check that cannot be stored is lost, never the answer: counted and logged. */
async function storeCheckedFacts(dependencies: AnswerQuestionDependencies, runId: string, check: NewFactCheck): Promise<void> {
  try {
    await storeFactCheck(dependencies.orm.em.fork(), runId, check);
  } catch (error) {
    workerMetrics.factChecked('store_failed');
    dependencies.logger.warn({ err: error, runId }, 'could not store the fact-check; the answer stands unchecked');
  }
}

async function finishWithFailure(
  dependencies: AnswerQuestionDependencies,
  run: ClaimedRun,
  failure: { code: string; message: string },
  signal: AbortSignal,
  /** The run's streamed events, when it streamed any: the ending goes after them in run order. */
  appends?: PipelinedAppends,
): Promise<'failed'> {
  const { orm, writer, logger } = dependencies;
  const settlement = await untilStored(() => failRunWithSettlement(orm.em.fork(), run.runId, failure), { signal, logger, runId: run.runId });
  // Appends that failed (Redis went away) are done with: the ending is sent on its own, as a late announcer would.
  const announced = appends && !appends.failed
    ? storedOutcomeEvent(orm.em.fork(), run.runId).then((ending) => ending && announceInRunOrder(appends, ending, logger))
    : announceStoredOutcome(orm.em.fork(), writer, run.runId);
  await announced.catch(() => undefined);
  if (settlement) await tellOwner(dependencies, settlement);
  return 'failed';
}

/** Appends a run's ending after its streamed events, and says when a failover made it send some of them again. */
async function announceInRunOrder(appends: PipelinedAppends, ending: UnsequencedRunEvent, logger: Logger): Promise<void> {
  await appends.append(ending);
  await appends.drain();
  if (appends.restored > 0) {
    logger.warn({ runId: ending.runId, restored: appends.restored }, 'Redis lost events it had acknowledged (a failover); sent them again');
  }
}

/**
 * Nudges the owner's open tabs (credits, and the request's end), after the answer is stored and announced. Only a
 * nudge: losing it must not fail a run whose outcome is already recorded.
 */
async function tellOwner(dependencies: AnswerQuestionDependencies, settlement: RunSettlement): Promise<void> {
  const { orm, redis, keyPrefix, logger } = dependencies;
  await publishRunSettlement(orm.em.fork(), redis, keyPrefix, settlement).catch((error: unknown) =>
    logger.warn({ err: error, requestId: settlement.requestId }, 'could not publish account events'),
  );
  if (settlement.requestFinished && dependencies.onRequestEnded) {
    // A lost notice delays a tracking slot to its deadline; it never loses the answer.
    await dependencies.onRequestEnded(settlement.requestId).catch((error: unknown) =>
      logger.warn({ err: error, requestId: settlement.requestId }, 'could not announce the end of a request'),
    );
  }
}

function traceFirstAppend(run: ClaimedRun): void {
  markStage('first-delta-appended');
  writeStageTrace('worker', run.requestId, run.runId);
}
