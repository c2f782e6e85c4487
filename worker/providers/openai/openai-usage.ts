import type { CompletionUsage } from 'openai/resources/completions';
import type { ResponseUsage } from 'openai/resources/responses/responses';
import type { AnswerPart } from '../answer-provider.ts';

type UsagePart = Extract<AnswerPart, { type: 'usage' }>;

/**
 * DeepSeek's usage on the same chat-completions shape: its cache hits are counted at the top level rather than in
 * `prompt_tokens_details`, which it may leave out.
 */
interface DeepSeekUsageFields {
  prompt_cache_hit_tokens?: number;
}

/**
 * A chat completion's final usage as an answer part. OpenAI (and the vendors that copy it) counts cache hits in
 * `prompt_tokens_details.cached_tokens` and reasoning in `completion_tokens_details.reasoning_tokens`; DeepSeek
 * counts cache hits as `prompt_cache_hit_tokens`. A vendor that sends neither gets null, not a made-up zero.
 */
export function chatCompletionUsage(usage: CompletionUsage & DeepSeekUsageFields): UsagePart {
  return {
    type: 'usage',
    inputTokens: usage.prompt_tokens,
    outputTokens: usage.completion_tokens,
    cachedTokens: usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens ?? null,
    reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? null,
  };
}

/** The Responses API's usage: the same two figures under `input_tokens_details` and `output_tokens_details`. */
export function responseUsage(usage: ResponseUsage): UsagePart {
  return {
    type: 'usage',
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    cachedTokens: usage.input_tokens_details?.cached_tokens ?? null,
    reasoningTokens: usage.output_tokens_details?.reasoning_tokens ?? null,
  };
}
