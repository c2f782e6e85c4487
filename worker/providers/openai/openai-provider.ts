import OpenAI from 'openai';
import type { AnswerPart, AnswerProvider, AnswerRequest, ProviderConnection } from '../answer-provider.ts';
import { providerError } from '../provider-error-classification.ts';
import { CitedSources } from '../cited-sources.ts';
import { chatMessages } from '../conversation-messages.ts';
import { searchTrailFromCompatibleChunk, sourcesFromCompatibleChunk } from './openai-compatible-sources.ts';
import { classifyOpenAiError } from './openai-errors.ts';
import { chatFinishReason } from './openai-finish-reasons.ts';
import { streamWebSearchAnswer } from './openai-web-search.ts';
import { sdkClientOptions } from '../sdk-client-options.ts';
import { chatCompletionUsage } from './openai-usage.ts';

/** The one engine whose vendor serves the Responses API (and its web search tool). */
const responsesApiEngine = 'openai';

/**
 * Chat Completions with streaming through the official SDK. OpenAI-compatible vendors (DeepSeek, Groq,
 * Perplexity) reuse this class with their own engine id, key and base URL. A web-search answer from OpenAI itself
 * goes through the Responses API instead (`openai-web-search.ts`).
 */
export class OpenAiProvider implements AnswerProvider {
  readonly engine: string;
  private readonly client: OpenAI;

  constructor(connection: ProviderConnection) {
    this.engine = connection.engine;
    this.client = new OpenAI(sdkClientOptions(connection));
  }

  streamAnswer(request: AnswerRequest): AsyncIterable<AnswerPart> {
    if (request.webSearch && this.engine === responsesApiEngine) return streamWebSearchAnswer(this.client, request, this.engine);
    return this.streamChatCompletion(request);
  }

  private async *streamChatCompletion(request: AnswerRequest): AsyncIterable<AnswerPart> {
    let sawFinish = false;
    let versionReported = false;
    const cited = new CitedSources();
    // Which pages the text cites is known only once the text is whole: the last chunk naming pages is kept for then.
    let answerText = '';
    let lastSearchChunk: unknown;
    try {
      const stream = await this.client.chat.completions.create(
        {
          model: request.model,
          messages: chatMessages(request),
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal: request.signal },
      );
      for await (const chunk of stream) {
        // Every chunk repeats the snapshot that answers (`gpt-4o-2024-08-06` for `gpt-4o`); the first one says it.
        if (!versionReported && chunk.model) {
          versionReported = true;
          yield { type: 'model-version', version: chunk.model };
        }
        // Perplexity lists the pages it searched on the chunks themselves; other vendors send nothing here.
        const sources = cited.add(sourcesFromCompatibleChunk(chunk));
        if (sources.length > 0) yield { type: 'sources', sources };
        if ('search_results' in chunk || 'citations' in chunk) lastSearchChunk = chunk;
        const choice = chunk.choices[0];
        const text = choice?.delta?.content;
        if (text) {
          answerText += text;
          yield { type: 'text', text };
        }
        if (choice?.finish_reason) {
          sawFinish = true;
          // The text is whole now, so its `[n]` markers say which of the listed pages it cites.
          const trail = lastSearchChunk ? searchTrailFromCompatibleChunk(lastSearchChunk, answerText) : null;
          if (trail) yield trail;
          yield { type: 'finish', reason: chatFinishReason(choice.finish_reason) };
        }
        if (chunk.usage) yield chatCompletionUsage(chunk.usage);
      }
    } catch (error) {
      throw classifyOpenAiError(error, this.engine);
    }
    // The SDK ends quietly when the body ends without `[DONE]`; an answer without a finish reason was cut off.
    if (!sawFinish) throw providerError('STREAM_INTERRUPTED');
  }
}
