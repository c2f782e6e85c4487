import type { Logger } from 'pino';
import type { BrandMention } from '../../contract/brand.ts';
import type { BrandJudgeModel } from '../../core/brand/index.ts';
import { brandJudgePrompt, readJudgeVerdict, withJudgeVerdict } from '../../core/brand/index.ts';
import { workerMetrics } from '../observability/worker-metrics.ts';
import { ProviderError } from '../providers/answer-provider.ts';
import type { ProviderRegistry } from '../providers/provider-registry.ts';
import { answerWithRetries, type AttemptSettings } from './provider-attempts.ts';

/** The judge an operator configured, with what it needs to be asked. */
export interface BrandJudge {
  model: BrandJudgeModel;
  /** The answer's end waits at most this long for the judge. */
  timeoutMs: number;
}

export interface BrandJudgingDependencies {
  providers: ProviderRegistry;
  attempts: AttemptSettings;
  logger: Logger;
}

/**
 * Asks the judge model how the answer speaks of the brand and each competitor, and lays its verdict over the local
 * analysis. Never fails and never waits past the judge's time limit: on a provider error, a timeout, a reply that
 * is not the JSON asked for or that misquotes the answer, the local analysis is returned unchanged, and a log line
 * and the `brand_judge_verdicts_total` metric say why. The operator's key pays for the call; the asker is not
 * charged for it.
 */
export async function judgeBrandAnalysis(
  dependencies: BrandJudgingDependencies,
  judge: BrandJudge,
  runId: string,
  answer: string,
  analysis: BrandMention,
  shutdownSignal: AbortSignal,
): Promise<BrandMention> {
  const { logger } = dependencies;
  const keep = (outcome: string, detail: string): BrandMention => {
    workerMetrics.brandJudged(outcome);
    logger.warn({ runId, judgeModel: judge.model.id, outcome, detail }, 'brand judge verdict not used; the local verdict stands');
    return analysis;
  };
  const provider = dependencies.providers.get(judge.model.engine);
  if (!provider) return keep('unavailable', `no provider for the ${judge.model.engine} engine in this worker`);

  const brands = [analysis.brandName, ...analysis.competitors.map((competitor) => competitor.name)];
  const timeout = AbortSignal.timeout(judge.timeoutMs);
  const signal = AbortSignal.any([timeout, shutdownSignal]);
  let reply = '';
  try {
    const request = { model: judge.model.model, prompt: brandJudgePrompt({ brands, answer }), webSearch: false };
    for await (const part of answerWithRetries(provider, request, dependencies.attempts, signal)) {
      if (part.type === 'text') reply += part.text;
    }
  } catch (error) {
    if (timeout.aborted) return keep('timeout', `no verdict within ${judge.timeoutMs} ms`);
    return keep('provider_error', error instanceof ProviderError ? `${error.code}: ${error.message}` : String(error));
  }
  const verdict = readJudgeVerdict(reply, brands, answer);
  if (!verdict.ok) return keep(verdict.rejection, verdict.detail);
  workerMetrics.brandJudged('judged');
  return withJudgeVerdict(analysis, verdict.brands, judge.model.id);
}
