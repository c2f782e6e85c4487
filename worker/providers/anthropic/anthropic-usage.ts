import type { MessageDeltaUsage, Usage } from '@anthropic-ai/sdk/resources/messages/messages';
import type { AnswerPart } from '../answer-provider.ts';

type UsagePart = Extract<AnswerPart, { type: 'usage' }>;

/**
 * Anthropic's counts arrive twice: `message_start` opens with the input side, and `message_delta` repeats them
 * cumulatively (its input fields only sometimes), so each later non-null figure replaces the earlier one. Anthropic
 * counts `input_tokens` without the cache, while every other provider's input count includes it; the part adds the
 * cache reads and writes back in, so `inputTokens` means the same whoever answered.
 */
export class AnthropicUsage {
  private uncachedInput = 0;
  private cacheRead: number | null = null;
  private cacheWrite = 0;
  private output: number | undefined;
  private thinking: number | null = null;

  started(usage: Usage): void {
    this.uncachedInput = usage.input_tokens;
    this.cacheRead = usage.cache_read_input_tokens ?? null;
    this.cacheWrite = usage.cache_creation_input_tokens ?? 0;
  }

  updated(usage: MessageDeltaUsage): void {
    this.uncachedInput = usage.input_tokens ?? this.uncachedInput;
    this.cacheRead = usage.cache_read_input_tokens ?? this.cacheRead;
    this.cacheWrite = usage.cache_creation_input_tokens ?? this.cacheWrite;
    this.output = usage.output_tokens;
    this.thinking = usage.output_tokens_details?.thinking_tokens ?? this.thinking;
  }

  /** The final count, once `message_delta` said how much was written; undefined before that. */
  part(): UsagePart | undefined {
    if (this.output === undefined) return undefined;
    return {
      type: 'usage',
      inputTokens: this.uncachedInput + (this.cacheRead ?? 0) + this.cacheWrite,
      outputTokens: this.output,
      cachedTokens: this.cacheRead,
      reasoningTokens: this.thinking,
    };
  }
}
