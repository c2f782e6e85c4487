import type { EntityManager } from '@mikro-orm/postgresql';
import type { BrandMention } from '../../contract/brand.ts';
import type { ModelResult } from '../../contract/model-result.ts';
import { findBrandMentions } from '../brand/index.ts';
import { answerTimings, isFinishReason, isRetryableRunFailure } from '../runs/index.ts';
import { ModelRun } from '../database/index.ts';

/** One model's outcome, as the contract's ModelResult (every view reads the same shape). */
export type RunResult = ModelResult;

/** A stored run as a result, with its stored brand analysis (null when its request monitored no brand, or it failed). */
export function runResult(run: ModelRun, brandMention: BrandMention | null): RunResult {
  return {
    runId: run.id,
    engine: run.engine,
    model: run.model,
    success: run.status === 'completed',
    response: run.answerText ?? null,
    error: run.status === 'error' ? (run.errorMessage ?? 'Model request failed') : null,
    errorCode: run.errorCode ?? null,
    retryable: run.status === 'error' && isRetryableRunFailure(run.errorCode ?? ''),
    finishReason: isFinishReason(run.finishReason) ? run.finishReason : null,
    creditsUsed: run.creditsCharged,
    sources: run.sources ?? [],
    searchTrail: run.searchTrail ?? null,
    ...answerTimings(run),
    inputTokens: run.inputTokens ?? null,
    outputTokens: run.outputTokens ?? null,
    cachedTokens: run.cachedTokens ?? null,
    reasoningTokens: run.reasoningTokens ?? null,
    brandMention,
  };
}

/** The results of a request's runs, in the order they were asked. */
export async function requestResults(em: EntityManager, requestId: string): Promise<RunResult[]> {
  const runs = await em.find(ModelRun, { request: requestId }, { orderBy: { position: 'asc' } });
  const brandMentions = await findBrandMentions(em, runs.map((run) => run.id));
  return runs.map((run) => runResult(run, brandMentions.get(run.id) ?? null));
}
