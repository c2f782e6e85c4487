import type { CompletionUsage } from './chat-completion-payloads.ts';

/**
 * The `usage` object of a chat completion, in the shape the vendor behind the path sends: OpenAI (and a local
 * server) with `prompt_tokens_details` / `completion_tokens_details`; DeepSeek with its own
 * `prompt_cache_hit_tokens` / `prompt_cache_miss_tokens` and the reasoner's `completion_tokens_details`; Groq and
 * Perplexity with the bare counts. Completion tokens include the reasoning ones, as every vendor counts them.
 */
export interface UsagePlan {
  promptTokens: number;
  cachedTokens: number;
  answerTokens: number;
  reasoningTokens: number;
}

export function chatCompletionUsage(path: string, plan: UsagePlan): CompletionUsage {
  const completion = plan.answerTokens + plan.reasoningTokens;
  const counts = { prompt_tokens: plan.promptTokens, completion_tokens: completion, total_tokens: plan.promptTokens + completion };
  if (path.startsWith('/deepseek/')) {
    return {
      ...counts,
      prompt_cache_hit_tokens: plan.cachedTokens,
      prompt_cache_miss_tokens: plan.promptTokens - plan.cachedTokens,
      ...(plan.reasoningTokens > 0 ? { completion_tokens_details: { reasoning_tokens: plan.reasoningTokens } } : {}),
    };
  }
  if (path.startsWith('/groq/') || path.startsWith('/perplexity/')) return counts;
  return {
    ...counts,
    prompt_tokens_details: { cached_tokens: plan.cachedTokens, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: plan.reasoningTokens,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}
