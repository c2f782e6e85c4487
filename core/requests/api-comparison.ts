import type { CompareApiModelResult, Comparison } from '../../contract/compare-api.ts';
import type { ModelResult } from '../../contract/model-result.ts';

/**
 * A comparison as the comparison API (`/v1/compare`) and the MCP `compare` tool answer it: each model named
 * `engine/model`, its outcome, its figures (time to first token, duration, tokens, credits) and its error, in the
 * `/v1` spelling. Built from the same results every other view reads, so the figures agree with the history's.
 */

export const apiModelName = (result: Pick<ModelResult, 'engine' | 'model'>): string => `${result.engine}/${result.model}`;

/** A run that neither answered nor failed is still answering (queued or running). */
function outcomeOf(result: ModelResult): CompareApiModelResult['status'] {
  if (result.success) return 'completed';
  return result.errorCode !== null || result.error !== null ? 'failed' : 'answering';
}

export function apiModelResult(result: ModelResult): CompareApiModelResult {
  const status = outcomeOf(result);
  return {
    model: apiModelName(result),
    run_id: result.runId,
    status,
    answer: result.success ? result.response : null,
    finish_reason: result.finishReason,
    sources: result.sources,
    time_to_first_token_ms: result.timeToFirstTokenMs,
    duration_ms: result.durationMs,
    tokens: { input: result.inputTokens, cached: result.cachedTokens, reasoning: result.reasoningTokens, output: result.outputTokens },
    credits: result.creditsUsed,
    error:
      status === 'failed'
        ? { code: (result.errorCode ?? 'PROVIDER_ERROR').toLowerCase(), message: result.error ?? 'The model failed to answer.', retryable: result.retryable }
        : null,
  };
}

export interface ComparisonFacts {
  id: string;
  question: string;
  createdAt: Date;
}

export function apiComparison(facts: ComparisonFacts, results: readonly ModelResult[]): Comparison {
  const models = results.map(apiModelResult);
  return {
    id: facts.id,
    object: 'quorum.comparison',
    created: Math.floor(facts.createdAt.getTime() / 1000),
    question: facts.question,
    status: models.some((model) => model.status === 'answering') ? 'answering' : 'completed',
    credits: models.reduce((sum, model) => sum + model.credits, 0),
    models,
  };
}
