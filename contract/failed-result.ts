import type { ModelResult } from './model-result.ts';

/** The run a failure belongs to, and why it failed, in the words and with the retry advice a view shows. */
export interface RunFailureFacts {
  runId: string;
  engine: string;
  model: string;
  message: string;
  code: string;
  retryable: boolean;
}

/** A result's facts when nothing was charged or measured: no sources, no cost, no timing, no tokens, no brand analysis. */
export const NO_RESULT_FACTS = {
  sources: [],
  creditsUsed: 0,
  durationMs: null,
  timeToFirstTokenMs: null,
  inputTokens: null,
  outputTokens: null,
  cachedTokens: null,
  reasoningTokens: null,
  brandMention: null,
} as const satisfies Partial<ModelResult>;

/**
 * A run that did not answer: no response, no sources, no charge, no brand analysis. Built the same way by the server
 * (a comparison's `model_complete` for a failed run) and by the browser (a column cut off before its result
 * arrived). Plain code, no schema library, so the browser can use it at no cost.
 */
export function failedModelResult(facts: RunFailureFacts): ModelResult {
  return {
    runId: facts.runId,
    engine: facts.engine,
    model: facts.model,
    success: false,
    response: null,
    error: facts.message,
    errorCode: facts.code,
    retryable: facts.retryable,
    finishReason: null,
    ...NO_RESULT_FACTS,
  };
}
