import OpenAI from 'openai';
import type { AnswerPart, AnswerProvider, AnswerRequest } from '../answer-provider.ts';
import { ProviderError } from '../answer-provider.ts';
import { classifyOpenAiError } from './openai-errors.ts';

export interface OpenAiProviderOptions {
  engine: string;
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
}

/**
 * Chat Completions with streaming through the official SDK. OpenAI-compatible vendors (DeepSeek, Groq,
 * Perplexity) reuse this class with their own engine id, key and base URL.
 */
export class OpenAiProvider implements AnswerProvider {
  readonly engine: string;
  private readonly client: OpenAI;

  constructor(options: OpenAiProviderOptions) {
    this.engine = options.engine;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
  }

  async *streamAnswer(request: AnswerRequest): AsyncIterable<AnswerPart> {
    let sawFinish = false;
    try {
      const stream = await this.client.chat.completions.create(
        {
          model: request.model,
          messages: [{ role: 'user', content: request.prompt }],
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal: request.signal },
      );
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        const text = choice?.delta?.content;
        if (text) yield { type: 'text', text };
        if (choice?.finish_reason) {
          sawFinish = true;
          yield { type: 'finish', reason: choice.finish_reason };
        }
        if (chunk.usage) {
          yield { type: 'usage', inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
        }
      }
    } catch (error) {
      throw classifyOpenAiError(error, this.engine);
    }
    // The SDK ends quietly when the body ends without `[DONE]`; an answer without a finish reason was cut off.
    if (!sawFinish) {
      throw new ProviderError('STREAM_INTERRUPTED', 'The answer was cut off before it finished. Please try again.', true);
    }
  }
}
