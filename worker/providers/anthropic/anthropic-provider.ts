import Anthropic from '@anthropic-ai/sdk';
import type { AnswerPart, AnswerProvider, AnswerRequest, ProviderConnection } from '../answer-provider.ts';
import { CitedSources } from '../cited-sources.ts';
import { anthropicConversation } from '../conversation-messages.ts';
import { providerError } from '../provider-error-classification.ts';
import { classifyAnthropicError } from './anthropic-errors.ts';
import { anthropicFinishReason } from './anthropic-finish-reasons.ts';
import { sourcesFromCitation } from './anthropic-sources.ts';
import { sdkClientOptions } from '../sdk-client-options.ts';
import { AnthropicUsage } from './anthropic-usage.ts';

/**
 * The Messages API requires a ceiling on the answer's length. 4096 is the largest every catalogued Claude model
 * accepts (Claude 3 models stop there), and far beyond a typical answer.
 */
const maxAnswerTokens = 4096;

/**
 * Messages API with streaming through the official SDK. Web search is not offered for Anthropic (the catalogue
 * says so), so `request.webSearch` is ignored.
 */
export class AnthropicProvider implements AnswerProvider {
  readonly engine: string;
  private readonly client: Anthropic;

  constructor(connection: ProviderConnection) {
    this.engine = connection.engine;
    this.client = new Anthropic(sdkClientOptions(connection));
  }

  async *streamAnswer(request: AnswerRequest): AsyncIterable<AnswerPart> {
    const usage = new AnthropicUsage();
    let stopReason: string | null = null;
    let sawStop = false;
    const cited = new CitedSources();
    const conversation = anthropicConversation(request);
    try {
      const stream = await this.client.messages.create(
        {
          model: request.model,
          max_tokens: maxAnswerTokens,
          ...(conversation.system ? { system: conversation.system } : {}),
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          messages: conversation.messages,
          stream: true,
        },
        { signal: request.signal },
      );
      for await (const event of stream) {
        if (event.type === 'message_start') {
          usage.started(event.message.usage);
          if (event.message.model) yield { type: 'model-version', version: event.message.model };
        } else if (event.type === 'content_block_delta') {
          if (event.delta.type === 'text_delta' && event.delta.text) yield { type: 'text', text: event.delta.text };
          if (event.delta.type === 'citations_delta') {
            const sources = cited.add(sourcesFromCitation(event.delta));
            if (sources.length > 0) yield { type: 'sources', sources };
          }
        } else if (event.type === 'message_delta') {
          usage.updated(event.usage);
          stopReason = event.delta.stop_reason;
        } else if (event.type === 'message_stop') {
          sawStop = true;
        }
      }
    } catch (error) {
      throw classifyAnthropicError(error);
    }
    // The SDK ends quietly both when the body ends early and when the signal aborts it: neither is an answer.
    if (!sawStop) throw providerError(request.signal.aborted ? 'TIMEOUT_ERROR' : 'STREAM_INTERRUPTED');
    const counted = usage.part();
    if (counted) yield counted;
    yield { type: 'finish', reason: anthropicFinishReason(stopReason) };
  }
}
